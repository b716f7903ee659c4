import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processFileVersion } from '../src/modules/processing/service';
import { rowsOf } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import {
  HISTORY_TABLES,
  type LoggedOutcome,
  loggedOutcomes,
  RESULT_TABLES,
  ranTheEngine,
  rowsOfVersion,
} from './support/result-rows';
import { sharedFile } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Decision 0438: the result key names the IDS content, not its rows, so a re-check whose key stored
// results already have (the version's own, or another version's of the project) is answered from
// them without the engine, writing what the engine's re-check writes. Each job's logged outcome says
// whether it copied (`reusedFrom`) or ran the engine (result-rows.ts); what it wrote is compared
// with what the engine's own re-check of the same version writes (processFileVersion, reuse off).
const logLines: string[] = [];

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');

for (const backend of testBackends()) {
  describe.skipIf(!windowsIfc || !windowsIds || !simpleWall)(
    `re-checks from stored results (${backend.name})`,
    () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-recheck-reuse-'));
      let server: TestServer;
      let owner: Session;
      let projectId: string;
      /** The first IDS file and its revision of the same bytes (test 1). */
      let idsA1: string;
      let idsA2: string;
      /** The same bytes as a file of its own (test 3). */
      let idsB: string;
      /** House.ifc: version 1 is the wall, version 2 the windows model (a comparison with changes). */
      const house = { wall: '', windows: '' };
      /** Copy.ifc: the same two models the other way round (test 2). */
      const copy = { windows: '', wall: '' };

      const idsUrl = () => `/api/v1/projects/${projectId}/idsfiles`;
      const uploadModel = async (name: string, bytes: Buffer) => {
        const response = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, name, bytes);
        expect(response.statusCode).toBe(201);
        return response.json().version.id as string;
      };
      const version = async (versionId: string) => {
        const [row] = await rowsOf<{ status: string; error: string | null; resultKey: string | null }>(
          server.database.db,
          sql`select status, error_code as error, result_key as "resultKey" from file_versions where id = ${versionId}`,
        );
        return row!;
      };
      const completed = (versionId: string) =>
        eventually(async () => {
          const row = await version(versionId);
          if (row.status === 'failed') throw new Error(`processing failed: ${row.error}`);
          return row.status === 'completed' && row;
        });
      /** How many outcomes of a version in a mode are logged so far. */
      const seen = (versionId: string, mode: string) => loggedOutcomes(logLines, versionId, mode).length;
      /** The outcome logged after the first `after` ones. */
      const outcomeAfter = (versionId: string, mode: string, after: number) =>
        eventually(
          async (): Promise<LoggedOutcome | null> => loggedOutcomes(logLines, versionId, mode)[after] ?? null,
        );
      /** The single outcome of a version's full run. */
      const fullRun = (versionId: string) => outcomeAfter(versionId, 'full', 0);

      /** An IDS file's specification ids, sorted. */
      const specificationsOf = async (idsFileId: string) =>
        (
          await rowsOf<{ id: string }>(
            server.database.db,
            sql`select id from ids_specifications where ids_file_id = ${idsFileId} order by id`,
          )
        ).map((row) => row.id);
      /** The specification ids a version's results name, sorted. */
      const resultSpecifications = async (versionId: string) =>
        (
          await rowsOf<{ id: string }>(
            server.database.db,
            sql`select specification_id as id from specification_results where file_version_id = ${versionId}
              order by specification_id`,
          )
        ).map((row) => row.id);
      /** A version's results by each specification's position in its file rather than its id. */
      const resultsByPosition = (versionId: string) =>
        rowsOf(
          server.database.db,
          sql`select s.position, r.status, r.reason, r.applicable_count, r.passed_count, r.failed_count,
              (select count(*)::int from element_results er
               where er.file_version_id = r.file_version_id and er.specification_id = r.specification_id) as elements,
              (select coalesce(jsonb_agg(er.failures order by er.element_step_id), '[]'::jsonb) from element_results er
               where er.file_version_id = r.file_version_id and er.specification_id = r.specification_id) as failures
            from specification_results r join ids_specifications s on s.id = r.specification_id
            where r.file_version_id = ${versionId} order by s.position`,
        );
      /** Everything a re-check writes of a version, for comparing two re-checks of it. */
      const recheckRows = async (versionId: string) => {
        const out: Record<string, string[]> = {};
        for (const table of [...RESULT_TABLES, ...HISTORY_TABLES])
          out[table] = await rowsOfVersion(server, table, versionId, ['computed_at']);
        return out;
      };
      /** The engine's own re-check of a version, beside the server's jobs: the independent path. */
      const engineRecheck = async (versionId: string) => {
        const deps = {
          db: server.database.db,
          storage: server.storage,
          clock: server.clock,
          logger: createLogger('silent'),
          reuse: false,
        };
        expect((await processFileVersion(deps, versionId, 'recheck')).status).toBe('completed');
      };

      beforeAll(async () => {
        server = await startTestServer(
          backend,
          { DATA_DIR: dataDir },
          { logs: { write: (line) => logLines.push(...line.split('\n').filter(Boolean)) } },
        );
        owner = await signUp(server, 'Remy Recheck');
        projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Rechecks' })).json()
          .project.id;
        const ids = await upload(server, owner, idsUrl(), 'windows.ids', windowsIds!);
        expect(ids.statusCode).toBe(201);
        idsA1 = ids.json().ids_file.id;
        house.wall = await uploadModel('House.ifc', simpleWall!);
        await completed(house.wall);
        house.windows = await uploadModel('House.ifc', windowsIfc!);
        await completed(house.windows);
        expect(ranTheEngine(await fullRun(house.windows))).toBe(true);
      });
      afterAll(async () => {
        await server?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      });

      it('the same bytes uploaded as a new revision: the re-check runs no engine and writes what it would', async () => {
        const before = await version(house.windows);
        const after = seen(house.windows, 'recheck');
        const replaced = await upload(
          server,
          owner,
          `${idsUrl()}/${idsA1}/revisions`,
          'windows.ids',
          windowsIds!,
        );
        expect(replaced.statusCode).toBe(201);
        idsA2 = replaced.json().ids_file.id;
        // The version held the key's results itself: it is its own source.
        expect(await outcomeAfter(house.windows, 'recheck', after)).toMatchObject({
          status: 'completed',
          reusedFrom: house.windows,
        });
        expect((await version(house.windows)).resultKey).toBe(before.resultKey);
        // Its results now name the new revision's specifications, as a check against it would.
        const a2 = await specificationsOf(idsA2);
        expect(a2.length).toBeGreaterThan(0);
        expect(await resultSpecifications(house.windows)).toEqual(a2);
        const copied = await recheckRows(house.windows);
        // The comparison with the wall is not empty: the history it holds says something.
        expect(copied.finding_changes?.length).toBeGreaterThan(0);
        expect(copied.version_comparisons).toHaveLength(1);

        await engineRecheck(house.windows);
        expect(await recheckRows(house.windows)).toEqual(copied);
        expect((await version(house.windows)).resultKey).toBe(before.resultKey);
      });

      it('a new version with the same bytes copies results checked against an earlier revision, renamed', async () => {
        // Copy.ifc version 1 has House's windows bytes; version 2 the wall's, whose only results are
        // House version 1's, checked against the first revision (a version that is no file's latest is
        // not re-checked).
        copy.windows = await uploadModel('Copy.ifc', windowsIfc!);
        await completed(copy.windows);
        expect((await fullRun(copy.windows)).reusedFrom).toBe(house.windows);
        copy.wall = await uploadModel('Copy.ifc', simpleWall!);
        await completed(copy.wall);
        expect((await fullRun(copy.wall)).reusedFrom).toBe(house.wall);
        expect(await resultSpecifications(house.wall)).toEqual(await specificationsOf(idsA1));
        expect(await resultSpecifications(copy.wall)).toEqual(await specificationsOf(idsA2));
        // The engine's figures for the wall, specification by specification.
        const wall = await resultsByPosition(house.wall);
        expect(wall.length).toBeGreaterThan(0);
        expect(await resultsByPosition(copy.wall)).toEqual(wall);
      });

      it('the same content as a file of its own (another lineage): copied from the version that holds it', async () => {
        // Switched off, every latest version is checked against nothing.
        const houseSeen = seen(house.windows, 'recheck');
        const copySeen = seen(copy.wall, 'recheck');
        const off = await call(server, owner, 'PATCH', `${idsUrl()}/${idsA2}`, { is_active: false });
        expect(off.statusCode).toBe(200);
        await outcomeAfter(house.windows, 'recheck', houseSeen);
        await outcomeAfter(copy.wall, 'recheck', copySeen);
        expect(await resultSpecifications(house.windows)).toEqual([]);

        // The same bytes as a new file: new specification rows, keys of another lineage.
        const again = await upload(server, owner, idsUrl(), 'windows again.ids', windowsIds!);
        expect(again.statusCode).toBe(201);
        idsB = again.json().ids_file.id;
        // House's latest copies Copy.ifc version 1's results (first revision's rows, now switched off);
        // Copy's latest copies House version 1's (the first revision's).
        expect((await outcomeAfter(house.windows, 'recheck', houseSeen + 1)).reusedFrom).toBe(copy.windows);
        expect((await outcomeAfter(copy.wall, 'recheck', copySeen + 1)).reusedFrom).toBe(house.wall);
        const b = await specificationsOf(idsB);
        expect(await resultSpecifications(house.windows)).toEqual(b);
        expect(await resultSpecifications(copy.wall)).toEqual(b);
        expect(await resultsByPosition(copy.wall)).toEqual(await resultsByPosition(house.wall));

        // Row for row what the engine writes, the comparison with the wall under the new lineage's keys.
        for (const versionId of [house.windows, copy.wall]) {
          const copied = await recheckRows(versionId);
          await engineRecheck(versionId);
          expect(await recheckRows(versionId), versionId).toEqual(copied);
        }
      });

      it('a real change of the IDS content runs the engine', async () => {
        const changed = windowsIds!
          .toString('utf8')
          .replace('<xs:pattern value="RAL.*"/>', '<xs:pattern value="NCS.*"/>');
        expect(changed).not.toBe(windowsIds!.toString('utf8'));
        const before = await version(house.windows);
        const houseSeen = seen(house.windows, 'recheck');
        const copySeen = seen(copy.wall, 'recheck');
        const replaced = await upload(server, owner, `${idsUrl()}/${idsB}/revisions`, 'windows.ids', changed);
        expect(replaced.statusCode).toBe(201);
        expect(ranTheEngine(await outcomeAfter(house.windows, 'recheck', houseSeen))).toBe(true);
        expect(ranTheEngine(await outcomeAfter(copy.wall, 'recheck', copySeen))).toBe(true);
        expect((await version(house.windows)).resultKey).not.toBe(before.resultKey);
      });
    },
  );
}
