import { checkModel, type IdsDocument, parseIds } from '@plumbline/ids';
import { type IfcModel, readIfc } from '@plumbline/ifc';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingItems, requirementsOf } from './assistant-eval/truth';
import { type AssistantProject, ask, FIRE_IDS, projectWithModel, uploadVersion } from './support/ai-fixture';
import { testBackends } from './support/backends';
import { sharedFile } from './support/samples';
import { call, type Session, signUp, startTestServer, type TestServer } from './support/server';

const haus = sharedFile('ifc-samples/AC20-FZK-Haus.ifc');

function productsOf(model: IfcModel) {
  return [...model.products()].map((id) => ({
    id,
    cls: model.classOf(id) ?? '',
    globalId: model.globalId(id),
    name: model.name(id),
    level: (() => {
      const storey = model.storeyOf(id);
      return storey === null ? null : model.name(storey);
    })(),
  }));
}

/** v2 of the model: one wall gets a new GlobalId (removed + added), another a new name (changed). */
function editedModel(source: Buffer, walls: { globalId: string | null }[]): Buffer {
  const [first, second] = walls;
  if (!first?.globalId || !second?.globalId) throw new Error('the sample needs two walls');
  return Buffer.from(
    source
      .toString('latin1')
      .replace(`'${first.globalId}'`, "'3Plumbline0AddedWall00'")
      .replace(new RegExp(`('${second.globalId.replace(/\$/g, '\\$')}',#\\d+,)'[^']*'`), "$1'Renamed wall'"),
    'latin1',
  );
}

for (const backend of testBackends()) {
  describe.skipIf(!haus)(
    `assistant: the built-in analyst answers from the model data (${backend.name})`,
    () => {
      let server: TestServer;
      let project: AssistantProject;
      let model: IfcModel;
      let products: ReturnType<typeof productsOf>;
      let document: IdsDocument;
      let report: ReturnType<typeof checkModel>;

      beforeAll(async () => {
        server = await startTestServer(backend);
        project = await projectWithModel(server, haus as Buffer);
        model = readIfc(new Uint8Array(haus as Buffer));
        products = productsOf(model);
        document = parseIds(Buffer.from(FIRE_IDS));
        report = checkModel(model, document);
      });
      afterAll(async () => {
        model?.dispose();
        await server?.stop();
      });

      it('gives the panel the element, level and category counts of the version', async () => {
        const { projectId, fileId } = project;
        const response = await call(
          server,
          project.owner,
          'GET',
          `/api/v1/ai/context/${projectId}/${fileId}`,
        );
        expect(response.statusCode).toBe(200);
        // The population every screen counts: every IfcProduct and IfcTypeObject.
        const elements = products;
        const levels = new Set(products.map((p) => p.level).filter((l) => l));
        expect(response.json()).toMatchObject({
          project: { name: 'Haus', description: 'A two-storey family house' },
          version: { id: project.versionId, version_tag: 'v1' },
          element_count: elements.length,
          level_count: levels.size,
          assistant: 'analyst',
        });
        const walls = elements.filter((p) => p.cls === 'IFCWALLSTANDARDCASE').length;
        expect(response.json().categories).toContainEqual({ name: 'Wall', count: walls });
        expect(response.json().systems).toContain('Architectural');
        // Suggestions name this project's specifications and are answered, not turned away.
        const suggestions = response.json().suggestions as string[];
        expect(suggestions.length).toBeGreaterThanOrEqual(3);
        expect(suggestions.join(' ')).toContain('fire rating');
        for (const question of suggestions) {
          const { events } = await ask(server, project.owner, project, question);
          expect(events[0]?.metadata?.intent, question).not.toBe('unanswerable');
        }
      });

      it('answers "Which walls fail fire rating?" with the failing walls, their reasons, cited by GlobalId', async () => {
        const { response, events, text, cited } = await ask(
          server,
          project.owner,
          project,
          'Which walls fail fire rating?',
        );
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toContain('text/event-stream');
        const spec = report.specifications.find((s) => s.name === 'Walls have a fire rating');
        const failing = spec?.failingElements ?? [];
        expect(failing.length).toBeGreaterThan(0);
        expect(text).toContain(`${failing.length} of ${spec?.applicableCount} walls checked`);
        expect(text).toContain('Walls have a fire rating');
        expect(text).not.toContain('Walls state whether they bear load');
        expect(text).toContain(failing[0]?.failures[0]?.reason);
        expect(new Set(cited?.elements)).toEqual(new Set(failing.map((e) => e.globalId)));
        expect(Object.keys(cited?.elementsByType ?? {})).toEqual(['Wall']);
        expect(events.at(-1)).toEqual({ type: 'complete' });
        expect(events[0]?.metadata).toMatchObject({
          source: 'analyst',
          intent: 'failing',
          version_id: project.versionId,
        });
      });

      it('answers "How many doors per level?" with counts per storey from the model', async () => {
        const { text, cited } = await ask(server, project.owner, project, 'How many doors per level?');
        const doors = products.filter((p) => p.cls === 'IFCDOOR');
        expect(text).toContain(`${doors.length} door`);
        const perLevel = new Map<string, number>();
        for (const d of doors)
          perLevel.set(d.level ?? '(no level)', (perLevel.get(d.level ?? '(no level)') ?? 0) + 1);
        for (const [level, n] of perLevel) expect(text).toContain(`- ${level}: ${n}`);
        expect(cited?.elementsByType).toEqual({ Door: doors.map((d) => d.globalId) });
      });

      it('answers "What properties are most often missing?" from the checks\' reasons', async () => {
        const { text, cited } = await ask(
          server,
          project.owner,
          project,
          'What properties are most often missing?',
        );
        // What is missing, from the engine's outcomes and its IDS reader's facets (not the reasons' words).
        const counts = new Map<string, number>();
        for (const item of missingItems({ report, requirements: requirementsOf(document, report) }))
          if (item) counts.set(item, (counts.get(item) ?? 0) + 1);
        const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
        expect(ranked.length).toBeGreaterThan(0);
        ranked.forEach(([item, n], i) => {
          expect(text).toContain(`${i + 1}. ${item}: missing in ${n} element check${n === 1 ? '' : 's'}`);
        });
        const lacking = report.specifications.flatMap((s) => s.failingElements.map((e) => e.globalId));
        expect(new Set(cited?.elements)).toEqual(new Set(lacking));
      });

      it('answers "Summarise compliance" with the pass rate and each failing specification', async () => {
        const { text } = await ask(server, project.owner, project, 'Summarise compliance');
        const applicable = report.specifications.reduce((n, s) => n + s.applicableCount, 0);
        const passed = report.specifications.reduce((n, s) => n + s.passedCount, 0);
        expect(text).toContain(`${passed} of ${applicable} element checks meet every requirement`);
        for (const s of report.specifications.filter((x) => x.failedCount > 0)) {
          expect(text).toContain(
            `- ${s.name}: ${s.failedCount} of ${s.applicableCount} applicable elements do not meet it`,
          );
        }
      });

      it('answers "What changed since the previous version?" by GlobalId, with the compliance delta', async () => {
        const first = await ask(server, project.owner, project, 'What changed since the previous version?');
        expect(first.text).toContain('first processed version');

        const walls = products.filter((p) => p.cls === 'IFCWALLSTANDARDCASE');
        const edited = editedModel(haus as Buffer, walls);
        const v2 = await uploadVersion(server, project.owner, project.projectId, edited);
        const after = readIfc(new Uint8Array(edited));
        const newProducts = productsOf(after);
        after.dispose();
        const oldIds = new Map(products.filter((p) => p.globalId).map((p) => [p.globalId, p]));
        const newIds = new Map(newProducts.filter((p) => p.globalId).map((p) => [p.globalId, p]));
        const added = [...newIds.keys()].filter((id) => !oldIds.has(id));
        const removed = [...oldIds.keys()].filter((id) => !newIds.has(id));
        const renamed = [...newIds.values()].filter(
          (p) => oldIds.has(p.globalId) && oldIds.get(p.globalId)?.name !== p.name,
        );
        expect([added.length, removed.length, renamed.length]).toEqual([1, 1, 1]);

        const { text, cited } = await ask(
          server,
          project.owner,
          project,
          'What changed since the previous version?',
        );
        expect(text).toContain('Version v2 compared with v1');
        expect(text).toContain(`- Added: ${added.length} element`);
        expect(text).toContain(`- Removed: ${removed.length} element`);
        expect(text).toContain(`- Changed: ${renamed.length} element`);
        expect(text).toContain(`(${renamed[0]?.globalId}): name`);
        expect(new Set(cited?.elements)).toEqual(new Set([...added, ...renamed.map((p) => p.globalId)]));
        // Asked about v1 explicitly, the answer still uses v1's data.
        const old = await ask(
          server,
          project.owner,
          project,
          'What changed since the previous version?',
          project.versionId,
        );
        expect(old.text).toContain('first processed version');
        expect(v2.versionId).not.toBe(project.versionId);
      });

      it('lets members and the demo project be asked, and nobody else', async () => {
        const stranger: Session = await signUp(server, 'Stan Stranger');
        expect((await ask(server, stranger, project, 'Summarise compliance')).response.statusCode).toBe(404);
        const anonymous = await ask(server, null, project, 'Summarise compliance');
        expect(anonymous.response.statusCode).toBe(401);
        const empty = await ask(server, project.owner, project, '   ');
        expect(empty.response.statusCode).toBe(400);
        await server.database.db.execute(
          sql`update projects set is_demo = true where id = ${project.projectId}`,
        );
        try {
          const demo = await ask(server, null, project, 'How many doors per level?');
          expect(demo.response.statusCode).toBe(200);
          expect(demo.text).toContain('door');
        } finally {
          await server.database.db.execute(
            sql`update projects set is_demo = false where id = ${project.projectId}`,
          );
        }
      });
    },
  );
}
