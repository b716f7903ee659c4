import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bimFiles,
  elementProperties,
  elementResults,
  elements,
  fileVersions,
  idsFiles,
  idsSpecifications,
  specificationResults,
} from '../src/schema';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import {
  call,
  eventually,
  type Session,
  signUp,
  type TestServer,
  testServerForBlock,
} from './support/server';
import { snapshot } from './support/snapshot';

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');
const haveSamples = windowsIfc !== null && windowsIds !== null && simpleWall !== null;
const HOUR = 3_600_000;

for (const backend of testBackends()) {
  describe.skipIf(!haveSamples)(`project refresh, file selection and deletes (${backend.name})`, () => {
    let server: TestServer;
    let admin: Session;
    let editor: Session;
    let viewer: Session;
    let outsider: Session;
    let projectId: string;
    const base = () => `/api/v1/projects/${projectId}`;

    async function uploadFile(name: string, content: Buffer) {
      const res = await upload(server, editor, `${base()}/bimfiles`, name, content);
      expect(res.statusCode).toBe(201);
      return res.json() as { bim_file: { id: string }; version: { id: string } };
    }

    async function waitCompleted(fileId: string, versionId: string) {
      await eventually(async () => {
        const s = (await call(server, editor, 'GET', `${base()}/bimfiles/${fileId}/status`)).json();
        return s.status === 'completed' && s.version_id === versionId;
      });
    }

    async function countWhere(
      table: typeof elements | typeof elementProperties | typeof elementResults,
      ids: string[],
    ) {
      const rows = await server.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(inArray(table.fileVersionId, ids));
      return Number(rows[0]?.n);
    }

    /** Projects, members and every file row: what a refused write must leave as it was. */
    async function state() {
      const db = server.database.db;
      const files = await db.select().from(bimFiles).orderBy(bimFiles.id);
      const versions = await db.select().from(fileVersions).orderBy(fileVersions.id);
      return `${await snapshot(db)}${JSON.stringify({ files, versions })}`;
    }

    testServerForBlock(backend, (started) => {
      server = started;
    });
    beforeAll(async () => {
      [admin, editor, viewer, outsider] = (await Promise.all(
        ['Ada Admin', 'Ed Editor', 'Val Viewer', 'Oz Outsider'].map((n) => signUp(server, n)),
      )) as [Session, Session, Session, Session];
      projectId = (await call(server, admin, 'POST', '/api/v1/projects', { name: 'Refresh Row' })).json()
        .project.id;
      for (const [member, role] of [
        [editor, 'Editor'],
        [viewer, 'Viewer'],
      ] as const) {
        const added = await call(server, admin, 'POST', `${base()}/members`, { email: member.email, role });
        expect(added.statusCode).toBe(201);
      }
    });

    it('refuses refresh within 24 hours of the last processing, with the hours left', async () => {
      const wall = await uploadFile('wall.ifc', simpleWall as Buffer);
      await waitCompleted(wall.bim_file.id, wall.version.id);
      const refused = await call(server, editor, 'POST', `${base()}/refresh`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({
        code: 'refresh_cooldown',
        message: 'Project can be refreshed in 24 hour(s)',
        fields: { hours: '24' },
      });
      expect(refused.headers['retry-after']).toBe(String(24 * 3600));

      server.clock.advance(22.5 * HOUR);
      expect((await call(server, editor, 'POST', `${base()}/refresh`)).json().error.message).toBe(
        'Project can be refreshed in 2 hour(s)',
      );

      server.clock.advance(2 * HOUR);
      const ok = await call(server, editor, 'POST', `${base()}/refresh`);
      expect(ok.statusCode).toBe(202);
      expect(ok.json()).toEqual({ queued: 1, last_processed_at: server.clock.now().toISOString() });
      // The refresh starts the clock itself: a second one is refused at once.
      const again = await call(server, admin, 'POST', `${base()}/refresh`);
      expect(again.statusCode).toBe(429);
      expect(again.json().error.message).toBe('Project can be refreshed in 24 hour(s)');
      // The queued processing finishes (the manual clock stands still, so it is stamped with the same time).
      const refreshedAt = server.clock.now().toISOString();
      await eventually(async () => {
        const st = (
          await call(server, editor, 'GET', `${base()}/bimfiles/${wall.bim_file.id}/status`)
        ).json();
        return st.status === 'completed' && st.processed_at === refreshedAt;
      });
    });

    it('lets only Editors and Admins change files; Viewers 403, outsiders 404, anonymous 401', async () => {
      const before = await state();
      const fileId = (await call(server, editor, 'GET', `${base()}/bimfiles`)).json().bim_files[0].id;
      const writes = [
        ['POST', `${base()}/refresh`, undefined],
        ['PUT', `${base()}/file-selection`, { file_ids: [fileId] }],
        ['DELETE', `${base()}/bimfiles/${fileId}`, undefined],
      ] as const;
      for (const [method, url, body] of writes) {
        const send = (s: Session | null) =>
          server.app.inject({
            method,
            url,
            headers: {
              ...(s ? { authorization: `Bearer ${s.token}` } : {}),
              ...(body ? { 'content-type': 'application/json' } : {}),
            },
            ...(body ? { payload: JSON.stringify(body) } : {}),
          });
        expect((await send(null)).statusCode).toBe(401);
        expect((await send(outsider)).statusCode).toBe(404);
        expect((await send(viewer)).statusCode).toBe(403);
      }
      expect((await call(server, viewer, 'GET', `${base()}/file-selection`)).statusCode).toBe(200);
      expect((await call(server, outsider, 'GET', `${base()}/file-selection`)).statusCode).toBe(404);
      expect(await state()).toBe(before);
    });

    it('deletes a BIM file with every version, its rows and its stored files', async () => {
      await upload(server, editor, `${base()}/idsfiles`, 'windows.ids', windowsIds as Buffer);
      const first = await uploadFile('windows.ifc', windowsIfc as Buffer);
      await waitCompleted(first.bim_file.id, first.version.id);
      const second = await uploadFile('windows.ifc', windowsIfc as Buffer);
      await waitCompleted(first.bim_file.id, second.version.id);
      const versionIds = [first.version.id, second.version.id];
      const rows = await server.database.db
        .select({ key: fileVersions.storageKey })
        .from(fileVersions)
        .where(inArray(fileVersions.id, versionIds));
      expect(rows).toHaveLength(2);
      for (const { key } of rows) expect(await server.storage.exists(key)).toBe(true);
      expect(await countWhere(elements, versionIds)).toBeGreaterThan(0);
      expect(await countWhere(elementResults, versionIds)).toBeGreaterThan(0);

      const res = await call(server, editor, 'DELETE', `${base()}/bimfiles/${first.bim_file.id}`);
      expect(res.statusCode).toBe(204);
      expect(
        await server.database.db.select().from(bimFiles).where(eq(bimFiles.id, first.bim_file.id)),
      ).toEqual([]);
      expect(
        await server.database.db.select().from(fileVersions).where(inArray(fileVersions.id, versionIds)),
      ).toEqual([]);
      for (const table of [elements, elementProperties, elementResults] as const) {
        expect(await countWhere(table, versionIds)).toBe(0);
      }
      expect(
        await server.database.db
          .select()
          .from(specificationResults)
          .where(inArray(specificationResults.fileVersionId, versionIds)),
      ).toEqual([]);
      for (const { key } of rows) expect(await server.storage.exists(key)).toBe(false);
      expect(
        (await call(server, editor, 'DELETE', `${base()}/bimfiles/${first.bim_file.id}`)).statusCode,
      ).toBe(404);
    });

    it('deletes an IDS file with its specifications, results and stored file', async () => {
      const [ids] = await server.database.db.select().from(idsFiles).where(eq(idsFiles.projectId, projectId));
      if (!ids) throw new Error('no IDS file');
      const specIds = (
        await server.database.db
          .select({ id: idsSpecifications.id })
          .from(idsSpecifications)
          .where(eq(idsSpecifications.idsFileId, ids.id))
      ).map((s) => s.id);
      expect(specIds.length).toBeGreaterThan(0);
      const res = await call(server, editor, 'DELETE', `${base()}/idsfiles/${ids.id}`);
      expect(res.statusCode).toBe(204);
      expect(await server.database.db.select().from(idsFiles).where(eq(idsFiles.id, ids.id))).toEqual([]);
      expect(
        await server.database.db
          .select()
          .from(idsSpecifications)
          .where(inArray(idsSpecifications.id, specIds)),
      ).toEqual([]);
      expect(
        await server.database.db
          .select()
          .from(specificationResults)
          .where(inArray(specificationResults.specificationId, specIds)),
      ).toEqual([]);
      expect(
        await server.database.db
          .select()
          .from(elementResults)
          .where(inArray(elementResults.specificationId, specIds)),
      ).toEqual([]);
      expect(await server.storage.exists(ids.storageKey)).toBe(false);
      expect((await call(server, editor, 'DELETE', `${base()}/idsfiles/${ids.id}`)).statusCode).toBe(404);
    });

    it('refuses every change to the demo project and reads it with the demo limits', async () => {
      const demoId = (await call(server, admin, 'POST', '/api/v1/projects', { name: 'Demo Yard' })).json()
        .project.id;
      const res = await upload(
        server,
        admin,
        `/api/v1/projects/${demoId}/bimfiles`,
        'demo.ifc',
        simpleWall as Buffer,
      );
      const fileId = res.json().bim_file.id;
      await eventually(async () => {
        const s = (
          await call(server, admin, 'GET', `/api/v1/projects/${demoId}/bimfiles/${fileId}/status`)
        ).json();
        return s.status === 'completed';
      });
      await server.database.db.execute(sql`update projects set is_demo = true where id = ${demoId}`);
      const demo = `/api/v1/projects/${demoId}`;
      const before = await state();
      for (const [method, url, body] of [
        ['POST', `${demo}/refresh`, undefined],
        ['PUT', `${demo}/file-selection`, { file_ids: [fileId] }],
        ['DELETE', `${demo}/bimfiles/${fileId}`, undefined],
      ] as const) {
        const r = await call(server, admin, method as 'POST', url, body);
        expect(r.statusCode).toBe(403);
        expect(r.json().error.code).toBe('demo_read_only');
      }
      expect(await state()).toBe(before);
      const selection = await call(server, null, 'GET', `${demo}/file-selection`);
      expect(selection.statusCode).toBe(200);
      expect(selection.json().limits).toEqual({
        max_files: 50,
        max_storage_bytes: 1_342_177_280,
        source: 'demo',
      });
    });

    // Last: its ten uploads queue ten processings, which a test after it would wait behind (one
    // worker per queue); nothing here waits on them, and the server stops with them queued.
    it('checks a file selection against the plan limits with the spec messages', async () => {
      const selection = (await call(server, editor, 'GET', `${base()}/file-selection`)).json();
      // A project without a plan: 'Default (no plan)', the limits its uploads are checked against
      // (spec 1 §9: 15 files, 3 GB). Over a plan's limit: plan-limits.test.ts.
      expect(selection.limits).toEqual({
        max_files: 15,
        max_storage_bytes: 3 * 1024 ** 3,
        source: 'default',
      });
      const empty = await call(server, editor, 'PUT', `${base()}/file-selection`, { file_ids: [] });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe('Please select at least one file to continue.');

      const extra = [];
      for (let i = 1; i <= 10; i++)
        extra.push((await uploadFile(`copy-${i}.ifc`, simpleWall as Buffer)).bim_file.id);
      const all = (await call(server, editor, 'GET', `${base()}/file-selection`)).json().files;
      expect(all).toHaveLength(11);
      const foreign = await call(server, editor, 'PUT', `${base()}/file-selection`, {
        file_ids: ['00000000-0000-4000-8000-000000000000'],
      });
      expect(foreign.statusCode).toBe(400);

      const ok = await call(server, editor, 'PUT', `${base()}/file-selection`, { file_ids: extra });
      expect(ok.statusCode).toBe(200);
      const included = ok.json().files.filter((f: { included: boolean }) => f.included);
      expect(included.map((f: { id: string }) => f.id).sort()).toEqual([...extra].sort());
      const project = (await call(server, editor, 'GET', base())).json().project;
      expect(project.filesCount).toBe(10);
      expect(project.totalSizeBytes).toBe(10 * (simpleWall as Buffer).length);
    });
  });
}
