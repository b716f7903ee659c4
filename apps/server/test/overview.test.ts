import { checkModel, type IdsDocument, type PropertyFacet, parseIds } from '@plumbline/ids';
import { type IfcModel, readIfc } from '@plumbline/ifc';
import { count, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeVersionTotals } from '../src/modules/overview/totals';
import { elements } from '../src/schema';
import { withElements } from './support/applicable-elements';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { uploadProcessed } from './support/processed-model';
import { sharedFile } from './support/samples';
import {
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');
const haveSamples = windowsIfc !== null && windowsIds !== null && simpleWall !== null;

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * What the overview should say, worked out from the model and the engine's report directly: the
 * property categories by looking at the model's property sets (not at failure reasons, which the
 * server classifies), compliance from the report.
 */
function expectedFromModel(model: IfcModel, ids: IdsDocument) {
  const report = withElements(checkModel(model, ids), model);
  let applicablePairs = 0;
  let passedPairs = 0;
  let checked = 0;
  let exists = 0;
  let populated = 0;
  let compliant = 0;
  const elementPassed = new Map<number, boolean>();
  report.specifications.forEach((spec, s) => {
    applicablePairs += spec.applicableCount;
    passedPairs += spec.passedCount;
    const facets = (ids.specifications[s]?.requirements ?? [])
      .map((facet, index) => ({ facet, index }))
      .filter(({ facet }) => facet.type === 'property' && facet.cardinality === 'required');
    for (const element of spec.elements) {
      elementPassed.set(element.id, (elementPassed.get(element.id) ?? true) && element.passed);
      for (const { facet, index } of facets) {
        const f = facet as PropertyFacet;
        if (f.propertySet.kind !== 'simple' || f.baseName.kind !== 'simple')
          throw new Error('sample changed');
        const setName = f.propertySet.value;
        const propName = f.baseName.value;
        const sets = model.propertySets(element.id).filter((set) => set.name === setName);
        const props = sets.flatMap((set) => set.properties.filter((p) => p.name === propName));
        const has = sets.length > 0 && sets.every((set) => set.properties.some((p) => p.name === propName));
        const filled = props.some(
          (p) => p.kind === 'reference' || p.kind === 'complex' || p.values.some((v) => v.value !== ''),
        );
        checked += 1;
        if (has) exists += 1;
        if (has && filled) populated += 1;
        if (!element.failures.some((failure) => failure.facetIndex === index)) compliant += 1;
      }
    }
  });
  return {
    applicablePairs,
    passedPairs,
    checked,
    exists,
    populated,
    compliant,
    applicableElements: elementPassed.size,
    compliantElements: [...elementPassed.values()].filter(Boolean).length,
  };
}

type Counts = ReturnType<typeof expectedFromModel>;

function sum(...all: Counts[]): Counts {
  const out = { ...(all[0] as Counts) };
  for (const c of all.slice(1)) {
    for (const key of Object.keys(out) as Array<keyof Counts>) out[key] += c[key];
  }
  return out;
}

function categories(c: Counts) {
  return {
    exists: pct(c.exists, c.checked),
    populated: pct(c.populated, c.checked),
    compliant: pct(c.compliant, c.checked),
    checked: c.checked,
  };
}

function countsOf(ifc: Buffer, ids: IdsDocument): Counts {
  const model = readIfc(ifc);
  try {
    return expectedFromModel(model, ids);
  } finally {
    model.dispose();
  }
}

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`project overview (${backend.name})`, () => {
    let server: TestServer;
    let admin: Session;
    let outsider: Session;
    let projectId: string;
    let windowsCounts: Counts;
    let wallCounts: Counts;
    const overviewUrl = () => `/api/v1/projects/${projectId}/overview`;

    const uploadAndWait = async (name: string, content: Buffer) =>
      (await uploadProcessed(server, admin, projectId, name, content)).fileId;

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      admin = await signUp(server, 'Olive Overview');
      outsider = await signUp(server, 'Otto Outsider');
      projectId = (await call(server, admin, 'POST', '/api/v1/projects', { name: 'Window Works' })).json()
        .project.id;
      const idsRes = await upload(
        server,
        admin,
        `/api/v1/projects/${projectId}/idsfiles`,
        'IDS_wooden-windows.ids',
        windowsIds as Buffer,
      );
      expect(idsRes.statusCode).toBe(201);
    });

    it('states cards, categories and trend as computed from the stored model', async () => {
      const windowsId = await uploadAndWait('windows.ifc', windowsIfc as Buffer);
      await uploadAndWait('wall.ifc', simpleWall as Buffer);

      const ids = parseIds(windowsIds as Buffer);
      windowsCounts = countsOf(windowsIfc as Buffer, ids);
      wallCounts = countsOf(simpleWall as Buffer, ids);
      const expected = sum(windowsCounts, wallCounts);
      expect(expected.checked).toBeGreaterThan(0);

      const res = await call(server, admin, 'GET', overviewUrl());
      expect(res.statusCode).toBe(200);
      const overview = res.json();
      const stored = await server.database.db.select({ n: count() }).from(elements);
      const files = overview.files as Array<{
        id: string;
        elements_count: number;
        latest_version_id: string;
      }>;
      expect(files.map((f) => f.id)).toContain(windowsId);
      const elementsTotal = files.reduce((sum, f) => sum + f.elements_count, 0);
      expect(elementsTotal).toBe(Number(stored[0]?.n));
      expect(overview.cards).toEqual({
        bim_files: 2,
        elements: elementsTotal,
        team_members: 1,
        storage_used_bytes: (windowsIfc as Buffer).length + (simpleWall as Buffer).length,
        ids_compliance: {
          compliant_elements: expected.compliantElements,
          applicable_elements: expected.applicableElements,
          waived_elements: 0,
          total_elements: elementsTotal,
          compliance_rate: pct(expected.compliantElements, expected.applicableElements),
        },
        total_validation_pairs: expected.applicablePairs,
      });
      expect(overview.compliance_categories).toEqual(categories(expected));
      // One point per processed version: the project after the windows, then after the wall too.
      expect(overview.trend).toHaveLength(2);
      overview.trend.forEach((point: Record<string, unknown>, i: number) => {
        const c = i === 0 ? windowsCounts : expected;
        const { checked: _, ...shares } = categories(c);
        // The trend's score is the card's IDS compliance (issue 35), of applicable elements.
        expect(point).toMatchObject({
          ...shares,
          compliance_score: pct(c.compliantElements, c.applicableElements),
        });
      });
      expect(overview.trend.map((p: { file_name: string }) => p.file_name)).toEqual([
        'windows.ifc',
        'wall.ifc',
      ]);
    });

    it('leaves files out of the overview once they are excluded from the project', async () => {
      const before = (await call(server, admin, 'GET', overviewUrl())).json();
      const wall = before.files.find((f: { name: string }) => f.name === 'wall.ifc');
      const windows = before.files.find((f: { name: string }) => f.name === 'windows.ifc');
      const put = await call(server, admin, 'PUT', `/api/v1/projects/${projectId}/file-selection`, {
        file_ids: [wall.id],
      });
      expect(put.statusCode).toBe(200);
      const after = (await call(server, admin, 'GET', overviewUrl())).json();
      expect(after.cards.bim_files).toBe(1);
      expect(after.cards.elements).toBe(wall.elements_count);
      expect(after.cards.total_validation_pairs).toBe(wallCounts.applicablePairs);
      expect(after.cards.ids_compliance).toEqual({
        compliant_elements: wallCounts.compliantElements,
        applicable_elements: wallCounts.applicableElements,
        waived_elements: 0,
        total_elements: wall.elements_count,
        compliance_rate: pct(wallCounts.compliantElements, wallCounts.applicableElements),
      });
      expect(after.compliance_categories).toEqual(categories(wallCounts));
      expect(after.trend.map((p: { file_name: string }) => p.file_name)).not.toContain('windows.ifc');
      const project = (await call(server, admin, 'GET', `/api/v1/projects/${projectId}`)).json().project;
      expect(project).toMatchObject({ filesCount: 1, elementsCount: wall.elements_count });
      await call(server, admin, 'PUT', `/api/v1/projects/${projectId}/file-selection`, {
        file_ids: [wall.id, windows.id],
      });
      expect((await call(server, admin, 'GET', overviewUrl())).json().cards.bim_files).toBe(2);
    });

    // Decision 0168: the figures are stored with the results; whenever their inputs change they must
    // equal what the stored results give now (computeVersionTotals, the same definition run live).
    it('keeps the stored figures equal to the results as IDS files come and go', async () => {
      const { db } = server.database;
      const expected = sum(windowsCounts, wallCounts);
      const storedMatchesResults = async () => {
        const ids = (
          (await db.execute(sql`select id from file_versions where status = 'completed'`)) as unknown as {
            rows: { id: string }[];
          }
        ).rows.map((r) => r.id);
        const stored = (
          (await db.execute(sql`select * from version_result_totals`)) as unknown as {
            rows: Array<Record<string, unknown>>;
          }
        ).rows;
        expect(stored.map((r) => r.file_version_id).sort()).toEqual([...ids].sort());
        const live = await computeVersionTotals(db, ids);
        for (const row of stored) {
          const id = String(row.file_version_id);
          expect(
            {
              applicablePairs: Number(row.applicable_pairs),
              passedPairs: Number(row.passed_pairs),
              checked: Number(row.checked),
              missing: Number(row.missing),
              empty: Number(row.empty),
              failed: Number(row.failed),
              applicableElements: Number(row.applicable_elements),
              compliantElements: Number(row.compliant_elements),
              passedElements: Number(row.passed_elements),
              warningElements: Number(row.warning_elements),
              failedElements: Number(row.failed_elements),
              waivedElements: Number(row.waived_elements),
            },
            id,
          ).toEqual(live.get(id));
        }
      };
      await storedMatchesResults();

      // A second copy of the rules: every pair counted twice once the re-checks have written.
      const copy = await upload(
        server,
        admin,
        `/api/v1/projects/${projectId}/idsfiles`,
        'copy.ids',
        windowsIds as Buffer,
      );
      expect(copy.statusCode).toBe(201);
      const copyId = copy.json().ids_file.id;
      await eventually(async () => {
        const o = (await call(server, admin, 'GET', overviewUrl())).json();
        return o.cards.total_validation_pairs === 2 * expected.applicablePairs;
      });
      await eventually(async () => {
        const files = (await call(server, admin, 'GET', `/api/v1/projects/${projectId}/bimfiles`)).json();
        return files.bim_files.every((f: { rechecking?: boolean }) => !f.rechecking);
      });
      await storedMatchesResults();
      const doubled = (await call(server, admin, 'GET', overviewUrl())).json();
      expect(doubled.compliance_categories).toEqual({
        ...categories(expected),
        checked: 2 * expected.checked,
      });

      // Deleting it takes its results at once, before any re-check: the figures follow in the same step.
      const deleted = await call(server, admin, 'DELETE', `/api/v1/projects/${projectId}/idsfiles/${copyId}`);
      expect(deleted.statusCode).toBeLessThan(300);
      await storedMatchesResults();
      const after = (await call(server, admin, 'GET', overviewUrl())).json();
      expect(after.cards.total_validation_pairs).toBe(expected.applicablePairs);
      expect(after.compliance_categories).toEqual(categories(expected));

      // A version processed before the figures were stored is answered from its results alike.
      await db.execute(sql`delete from version_result_totals`);
      expect((await call(server, admin, 'GET', overviewUrl())).json()).toEqual(after);
    });

    it('is readable by members only: 401 anonymous, 404 outsider', async () => {
      expect((await call(server, null, 'GET', overviewUrl())).statusCode).toBe(401);
      const stranger = await call(server, outsider, 'GET', overviewUrl());
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).not.toContain('Window Works');
    });
  });
}
