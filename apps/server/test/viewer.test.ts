import { Readable } from 'node:stream';
import { SingleThreadedFragmentsModel } from '@thatopen/fragments';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertVersionFragments } from '../src/modules/viewer/conversion';
import { elements, fileVersionFragments, fileVersions } from '../src/schema';
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

const wallIfc = sharedFile('ifc-samples/SimpleWall.ifc');

for (const backend of testBackends()) {
  describe.skipIf(wallIfc === null)(`3D viewer API (${backend.name})`, () => {
    let server: TestServer;
    let editor: Session;
    let stranger: Session;
    let projectId: string;
    let fileId: string;
    let versionId: string;
    const filesUrl = () => `/api/v1/projects/${projectId}/bimfiles`;
    const fragmentsUrl = (version = versionId, file = fileId) =>
      `${filesUrl()}/${file}/versions/${version}/fragments`;
    const highlightUrl = (query = '') => `${filesUrl()}/${fileId}/elements/highlight${query}`;

    async function elementRows(version = versionId) {
      return server.database.db
        .select({ stepId: elements.stepId, globalId: elements.globalId })
        .from(elements)
        .where(eq(elements.fileVersionId, version));
    }

    async function fragmentsState(version = versionId) {
      const [row] = await server.database.db
        .select()
        .from(fileVersionFragments)
        .where(eq(fileVersionFragments.fileVersionId, version));
      return row ?? null;
    }

    testServerForBlock(
      backend,
      (started) => {
        server = started;
      },
      {},
      { fragments: true },
    );
    beforeAll(async () => {
      editor = await signUp(server, 'Eddie Editor');
      stranger = await signUp(server, 'Stan Stranger');
      projectId = (await call(server, editor, 'POST', '/api/v1/projects', { name: 'Walls' })).json().project
        .id;
      const uploaded = (await upload(server, editor, filesUrl(), 'Wall.ifc', wallIfc as Buffer)).json();
      fileId = uploaded.bim_file.id;
      versionId = uploaded.version.id;
      await eventually(async () => (await fragmentsState())?.status === 'ready');
    });

    it('converts a processed version to fragments in its own job and serves them with an ETag', async () => {
      const [version] = await server.database.db
        .select({ status: fileVersions.status })
        .from(fileVersions)
        .where(eq(fileVersions.id, versionId));
      expect(version?.status).toBe('completed');
      const state = await fragmentsState();
      expect(state).toMatchObject({ status: 'ready', error: null });
      expect(state?.storageKey).toBe(`projects/${projectId}/bimfiles/${versionId}.frag`);

      const response = await call(server, editor, 'GET', fragmentsUrl());
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers.etag).toBe(`"${state?.sha256}"`);
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.rawPayload.length).toBe(state?.sizeBytes);

      // The viewer's ids are the STEP ids the database stores: the model finds each element by GlobalId.
      const rows = (await elementRows()).filter((row) => row.globalId !== null);
      expect(rows.length).toBeGreaterThan(0);
      const model = new SingleThreadedFragmentsModel('check', new Uint8Array(response.rawPayload));
      try {
        const localIds = model.getLocalIdsByGuids(rows.map((row) => row.globalId as string));
        const walls = rows.filter((_, index) => localIds[index] !== null);
        expect(walls.length).toBeGreaterThan(0);
        for (const [index, row] of rows.entries()) {
          if (localIds[index] !== null) expect(localIds[index]).toBe(row.stepId);
        }
      } finally {
        model.dispose();
      }

      const again = await server.app.inject({
        method: 'GET',
        url: fragmentsUrl(),
        headers: {
          authorization: `Bearer ${editor.token}`,
          'if-none-match': response.headers.etag as string,
        },
      });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('converts a version that has no fragments yet when the viewer first asks, once', async () => {
      await server.database.db
        .delete(fileVersionFragments)
        .where(eq(fileVersionFragments.fileVersionId, versionId));
      const first = await call(server, editor, 'GET', fragmentsUrl());
      expect(first.statusCode).toBe(409);
      expect(first.json().error.code).toBe('fragments_not_ready');
      const second = await call(server, editor, 'GET', fragmentsUrl());
      expect(second.statusCode).toBe(409);
      // One conversion after processing, one more for the missing state: two GETs queued it once.
      const jobs = (await server.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'fragments.convert' and data->>'fileVersionId' = ${versionId}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(Number(jobs.rows[0]?.n)).toBe(2);
      await eventually(async () => (await call(server, editor, 'GET', fragmentsUrl())).statusCode === 200);
    });

    it('records a file the converter cannot read as failed, leaving the version completed', async () => {
      const second = (
        await upload(server, editor, filesUrl(), 'Broken geometry.ifc', wallIfc as Buffer)
      ).json();
      const brokenVersion = second.version.id as string;
      await eventually(async () => (await fragmentsState(brokenVersion))?.status === 'ready');
      // The version's own key: its upload shares the stored model with the first one (decision 0424).
      const key = `projects/${projectId}/bimfiles/${brokenVersion}.ifc`;
      const garbage = Buffer.from(
        'ISO-10303-21;\nHEADER;\nENDSEC;\nDATA;\n#1=IFCWALL(;\nENDSEC;\nEND-ISO-10303-21;\n',
      );
      await server.storage.putStream(key, Readable.from([garbage]));
      await server.database.db
        .update(fileVersions)
        .set({ sizeBytes: garbage.length, storageKey: key })
        .where(eq(fileVersions.id, brokenVersion));

      const deps = {
        db: server.database.db,
        clock: server.clock,
        storage: server.storage,
        logger: silentLogger,
      };
      const outcome = await convertVersionFragments(deps as never, brokenVersion);
      expect(outcome.status).toBe('failed');
      const response = await call(server, editor, 'GET', fragmentsUrl(brokenVersion, second.bim_file.id));
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('fragments_failed');
      expect(response.json().error.message).toMatch(/^This version has no viewable 3D model: /);
      const [version] = await server.database.db
        .select({ status: fileVersions.status })
        .from(fileVersions)
        .where(eq(fileVersions.id, brokenVersion));
      expect(version?.status).toBe('completed');
    });

    it('refuses strangers, anonymous callers and versions of another file', async () => {
      expect((await call(server, stranger, 'GET', fragmentsUrl())).statusCode).toBe(404);
      expect((await call(server, null, 'GET', fragmentsUrl())).statusCode).toBe(401);
      const otherFile = '00000000-0000-4000-8000-000000000000';
      expect((await call(server, editor, 'GET', fragmentsUrl(versionId, otherFile))).json().error.code).toBe(
        'file_not_found',
      );
      const missingVersion = await call(server, editor, 'GET', fragmentsUrl(otherFile));
      expect(missingVersion.statusCode).toBe(404);
      expect(missingVersion.json().error.code).toBe('version_not_found');
    });

    it('converts GlobalIds to viewer ids of the latest completed version, in the order asked', async () => {
      const rows = (await elementRows()).filter((row) => row.globalId !== null).slice(0, 5);
      expect(rows.length).toBeGreaterThan(0);
      const guids = [...rows].reverse().map((row) => row.globalId as string);
      const response = await call(server, editor, 'POST', highlightUrl(), {
        element_guids: [...guids, 'not-a-real-guid', guids[0]],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        viewer_db_ids: [...rows].reverse().map((row) => row.stepId),
        missing_guids: ['not-a-real-guid'],
        version_id: versionId,
      });
    });

    it('answers for the version asked for, and refuses a version of another file', async () => {
      const v2 = (await upload(server, editor, filesUrl(), 'Wall.ifc', wallIfc as Buffer)).json().version.id;
      await eventually(async () => {
        const [row] = await server.database.db
          .select({ status: fileVersions.status })
          .from(fileVersions)
          .where(and(eq(fileVersions.id, v2), eq(fileVersions.status, 'completed')));
        return row !== undefined;
      });
      const [row] = (await elementRows(v2)).filter((r) => r.globalId !== null);
      const body = { element_guids: [row?.globalId] };
      const latest = await call(server, editor, 'POST', highlightUrl(), body);
      expect(latest.json()).toMatchObject({ viewer_db_ids: [row?.stepId], version_id: v2 });
      const first = await call(server, editor, 'POST', highlightUrl(`?versionId=${versionId}`), body);
      expect(first.json().version_id).toBe(versionId);
      const unknown = await call(server, editor, 'POST', highlightUrl(`?versionId=${projectId}`), body);
      expect(unknown.statusCode).toBe(404);
    });

    it('validates the body and checks who is asking', async () => {
      const blank = await call(server, editor, 'POST', highlightUrl(), { element_guids: ['  '] });
      expect(blank.statusCode).toBe(400);
      const missing = await call(server, editor, 'POST', highlightUrl(), {});
      expect(missing.statusCode).toBe(400);
      const body = { element_guids: ['x'] };
      expect((await call(server, stranger, 'POST', highlightUrl(), body)).statusCode).toBe(404);
      expect((await call(server, null, 'POST', highlightUrl(), body)).statusCode).toBe(401);
    });

    it('lets anyone read the demo project model and convert its ids, without an account', async () => {
      await server.database.db.execute(sql`update projects set is_demo = true where id = ${projectId}`);
      try {
        const model = await call(server, null, 'GET', fragmentsUrl());
        expect(model.statusCode).toBe(200);
        const [row] = (await elementRows()).filter((r) => r.globalId !== null);
        const ids = await call(server, null, 'POST', highlightUrl(`?versionId=${versionId}`), {
          element_guids: [row?.globalId],
        });
        expect(ids.statusCode).toBe(200);
        expect(ids.json().viewer_db_ids).toEqual([row?.stepId]);
      } finally {
        await server.database.db.execute(sql`update projects set is_demo = false where id = ${projectId}`);
      }
    });
  });
}

const silentLogger = { info() {}, warn() {}, error() {}, debug() {}, child: () => silentLogger };
