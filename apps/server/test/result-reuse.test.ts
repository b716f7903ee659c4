import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_IDENTITY, idsContent, resultKey } from '../src/modules/processing/reuse-key';
import { rowsOf } from '../src/platform/db';
import { testBackends } from './support/backends';
import { filesUnder } from './support/model-objects';
import { upload } from './support/multipart';
import {
  loggedOutcomes,
  MODEL_TABLES,
  RESULT_TABLES,
  ranTheEngine,
  rowsOfVersion,
} from './support/result-rows';
import { sharedFile } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Decision 0433: a model checked against the same IDS content by the same engine is checked once.
// Each processing job logs its outcome ('file version processed', jobs/process-bimfile.ts): a version
// whose results were copied names the version it copied them from (`reusedFrom`); every other
// completed run ran the engine (support/result-rows.ts). Re-checks: recheck-reuse.test.ts.
const logLines: string[] = [];

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');

/** Every table a full run writes of a version. */
const ALL_TABLES = [...MODEL_TABLES, ...RESULT_TABLES];

for (const backend of testBackends()) {
  describe.skipIf(!windowsIfc || !windowsIds || !simpleWall)(`results reused (${backend.name})`, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-reuse-'));
    let server: TestServer;
    let owner: Session;
    let projectId: string;

    beforeAll(async () => {
      server = await startTestServer(
        backend,
        { DATA_DIR: dataDir },
        { logs: { write: (line) => logLines.push(...line.split('\n').filter(Boolean)) } },
      );
      owner = await signUp(server, 'Rita Reuse');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Reuse' })).json().project
        .id;
      const ids = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/idsfiles`,
        'windows.ids',
        windowsIds!,
      );
      expect(ids.statusCode).toBe(201);
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const uploadModel = async (name: string, bytes: Buffer) => {
      const response = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, name, bytes);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      return { fileId: body.bim_file.id as string, versionId: body.version.id as string };
    };
    const version = async (versionId: string) => {
      const [row] = await rowsOf<{
        status: string;
        error: string | null;
        resultKey: string | null;
        explorerFileKey: string | null;
        elementsCount: number | null;
      }>(
        server.database.db,
        sql`select status, error_code as error, result_key as "resultKey", explorer_file_key as "explorerFileKey",
              elements_count as "elementsCount" from file_versions where id = ${versionId}`,
      );
      return row!;
    };
    const completed = (versionId: string) =>
      eventually(async () => {
        const row = await version(versionId);
        if (row.status === 'failed') throw new Error(`processing failed: ${row.error}`);
        return row.status === 'completed' && row;
      });
    /** How many of a version's runs in a mode ran the engine, once its job has logged an outcome. */
    const engineRuns = async (versionId: string, mode = 'full') => {
      const logged = await eventually(async () => {
        const found = loggedOutcomes(logLines, versionId, mode);
        return found.length > 0 && found;
      });
      return logged.filter(ranTheEngine).length;
    };
    const parquetFiles = () => filesUnder(join(dataDir, 'files')).filter((path) => path.endsWith('.parquet'));

    let first: { fileId: string; versionId: string };
    let copy: { fileId: string; versionId: string };

    it('the same model and IDS checked twice: the second version copies the first one’s results', async () => {
      first = await uploadModel('Windows.ifc', windowsIfc!);
      const one = await completed(first.versionId);
      expect(await engineRuns(first.versionId)).toBe(1);
      expect(one.resultKey).toMatch(/^[0-9a-f]{64}$/);
      expect(one.explorerFileKey).toBeNull();
      const filesAfterFirst = parquetFiles();
      expect(filesAfterFirst).toHaveLength(1);

      const second = await uploadModel('Windows.ifc', windowsIfc!); // a second version of the file
      expect(second.fileId).toBe(first.fileId);
      const two = await completed(second.versionId);
      expect(await engineRuns(second.versionId)).toBe(0);
      expect(two.resultKey).toBe(one.resultKey);
      expect(two.elementsCount).toBe(one.elementsCount);
      // The explorer's file is the first version's, referenced rather than copied.
      expect(two.explorerFileKey).toBe(`projects/${projectId}/bimfiles/${first.versionId}.rows.parquet`);
      expect(parquetFiles()).toEqual(filesAfterFirst);

      // Row for row the same figures, under the new version's id (its elements' matches excepted:
      // they say how it matched the first version, which the first had no previous to match with).
      for (const table of ALL_TABLES) {
        const except = table === 'elements' ? ['match_kind', 'match_confidence'] : [];
        const a = await rowsOfVersion(server, table, first.versionId, except);
        const b = await rowsOfVersion(server, table, second.versionId, except);
        expect(b.length, table).toBe(a.length);
        expect(b, table).toEqual(a);
      }
      expect((await rowsOfVersion(server, 'elements', first.versionId)).length).toBeGreaterThan(0);
      expect((await rowsOfVersion(server, 'element_results', first.versionId)).length).toBeGreaterThan(0);

      // Its history is its own: compared with the first version, every element matched by GlobalId,
      // no finding new or resolved.
      const [comparison] = await rowsOf<{ from: string }>(
        server.database.db,
        sql`select from_version_id as "from" from version_comparisons where file_version_id = ${second.versionId}`,
      );
      expect(comparison?.from).toBe(first.versionId);
      const changes = await rowsOf<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from finding_changes where file_version_id = ${second.versionId}`,
      );
      expect(changes[0]?.n).toBe(0);
      const kinds = await rowsOf<{ kind: number | null; n: number }>(
        server.database.db,
        sql`select match_kind as kind, count(*)::int as n from elements where file_version_id = ${second.versionId}
            group by match_kind`,
      );
      expect(kinds).toEqual([{ kind: 1, n: one.elementsCount }]);

      // The explorer shows it the first version's rows.
      const page = async (versionId: string) => {
        const response = await call(
          server,
          owner,
          'GET',
          `/api/v1/projects/${projectId}/bimfiles/${first.fileId}/metadata?versionId=${versionId}&page=1&page_size=50`,
        );
        expect(response.statusCode).toBe(200);
        const { version_id: _, ...rest } = response.json();
        return rest;
      };
      expect(await page(second.versionId)).toEqual(await page(first.versionId));
    });

    it('another file of the project with the same bytes reuses them too, with no history of its own', async () => {
      copy = await uploadModel('Windows copy.ifc', windowsIfc!);
      const row = await completed(copy.versionId);
      expect(await engineRuns(copy.versionId)).toBe(0);
      const comparisons = await rowsOf<{ n: number }>(
        server.database.db,
        sql`select count(*)::int as n from version_comparisons where file_version_id = ${copy.versionId}`,
      );
      expect(comparisons[0]?.n).toBe(0);
      const kinds = await rowsOf<{ kind: number | null; n: number }>(
        server.database.db,
        sql`select match_kind as kind, count(*)::int as n from elements where file_version_id = ${copy.versionId}
            group by match_kind`,
      );
      expect(kinds).toEqual([{ kind: null, n: row.elementsCount }]);
    });

    it('a different model runs the engine', async () => {
      const wall = await uploadModel('Wall.ifc', simpleWall!);
      await completed(wall.versionId);
      expect(await engineRuns(wall.versionId)).toBe(1);
    });

    it('after the active IDS content changed, each model is checked by the engine again', async () => {
      const [before] = await rowsOf<{ id: string; resultKey: string }>(
        server.database.db,
        sql`select id, result_key as "resultKey" from file_versions
            where bim_file_id = ${first.fileId} order by version_number desc limit 1`,
      );
      const latest = before!.id;
      expect(await engineRuns(latest)).toBe(0);
      // Another active IDS file: other IDS content, and a re-check of each file's latest version.
      const added = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/idsfiles`,
        'again.ids',
        windowsIds!,
      );
      expect(added.statusCode).toBe(201);
      const after = await eventually(async () => {
        const [row] = await rowsOf<{ resultKey: string | null; queued: Date | null }>(
          server.database.db,
          sql`select result_key as "resultKey", recheck_queued_at as queued from file_versions where id = ${latest}`,
        );
        return row && row.queued === null && row.resultKey !== before!.resultKey && row;
      });
      // The file's latest and the copy have the same bytes: the one re-checked first ran the engine,
      // the other may have copied its results (both at once, both ran it).
      await eventually(async () => {
        const [row] = await rowsOf<{ queued: Date | null }>(
          server.database.db,
          sql`select recheck_queued_at as queued from file_versions where id = ${copy.versionId}`,
        );
        return row?.queued === null;
      });
      const runs = (await engineRuns(latest, 'recheck')) + (await engineRuns(copy.versionId, 'recheck'));
      expect(runs).toBeGreaterThanOrEqual(1);
      expect(after.resultKey).toMatch(/^[0-9a-f]{64}$/);
    });

    it('the key changes with the model, the IDS content and the engine, not with rows or order', () => {
      const file = (id: string, sha256: string, specifications = 2) => ({
        id,
        sha256,
        specificationIds: Array.from({ length: specifications }, (_, i) => `${id}-${i}`),
      });
      const key = (files: ReturnType<typeof file>[], model = 'a'.repeat(64)) =>
        resultKey(model, idsContent(files));
      const base = key([file('one', 'x'), file('two', 'y')]);
      expect(key([file('three', 'x'), file('four', 'y')])).toBe(base); // other rows, same content
      expect(key([file('two', 'y'), file('one', 'x')])).toBe(base); // another order
      expect(key([file('one', 'x'), file('two', 'y'), file('empty', 'z', 0)])).toBe(base);
      expect(key([file('one', 'x'), file('two', 'z')])).not.toBe(base);
      expect(key([file('one', 'x')])).not.toBe(base);
      expect(key([file('one', 'x'), file('two', 'y'), file('three', 'y')])).not.toBe(base);
      expect(key([file('one', 'x'), file('two', 'y')], 'b'.repeat(64))).not.toBe(base);
      expect(resultKey('a'.repeat(64), ['x', 'y'], [...ENGINE_IDENTITY, 'another engine'])).not.toBe(
        resultKey('a'.repeat(64), ['x', 'y']),
      );
    });
  });
}
