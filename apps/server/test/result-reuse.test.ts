import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_IDENTITY, resultKey } from '../src/modules/processing/reuse-key';
import { rowsOf } from '../src/platform/db';
import { testBackends } from './support/backends';
import { filesUnder } from './support/model-objects';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Decision 0433: a model checked against the same IDS revisions by the same engine is checked once.
// Each processing job logs its outcome ('file version processed', jobs/process-bimfile.ts): a version
// whose results were copied names the version it copied them from (`reusedFrom`); every other
// completed run ran the engine. The test reads those lines from the server's log (a module mock of the
// engine's entry would not hold: the server project shares one module graph per worker, 0419).
const logLines: string[] = [];
/** The processing outcomes logged for a version in a mode, in order. */
const outcomes = (versionId: string, mode: string) =>
  logLines
    .map(
      (line) =>
        JSON.parse(line) as {
          msg?: string;
          fileVersionId?: string;
          mode?: string;
          status?: string;
          reusedFrom?: string;
        },
    )
    .filter(
      (entry) =>
        entry.msg === 'file version processed' && entry.fileVersionId === versionId && entry.mode === mode,
    );

const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const simpleWall = sharedFile('ifc-samples/SimpleWall.ifc');

/** A version's rows of a table, every column but the version's id, in a stable order. */
async function rowsOfVersion(server: TestServer, table: string, versionId: string, except: string[] = []) {
  const rows = await rowsOf<Record<string, unknown>>(
    server.database.db,
    sql`select * from ${sql.identifier(table)} where file_version_id = ${versionId}`,
  );
  return rows
    .map((row) => {
      const copy = { ...row };
      for (const column of ['file_version_id', ...except]) delete copy[column];
      return JSON.stringify(copy, Object.keys(copy).sort());
    })
    .sort();
}

const RESULT_TABLES = [
  'elements',
  'element_properties',
  'element_results',
  'specification_results',
  'result_entities',
  'specification_facet_failures',
  'version_attribute_stats',
  'metadata_facets',
  'version_validity_rules',
  'version_validity_findings',
  'specification_compliance',
  'element_compliance',
  'version_result_totals',
];

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
        const found = outcomes(versionId, mode);
        return found.length > 0 && found;
      });
      return logged.filter((entry) => entry.status === 'completed' && !entry.reusedFrom).length;
    };
    const parquetFiles = () => filesUnder(join(dataDir, 'files')).filter((path) => path.endsWith('.parquet'));

    let first: { fileId: string; versionId: string };

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
      for (const table of RESULT_TABLES) {
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
      const copy = await uploadModel('Windows copy.ifc', windowsIfc!);
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

    it('after the active IDS revisions changed, the copied version is checked by the engine again', async () => {
      const [before] = await rowsOf<{ id: string; resultKey: string }>(
        server.database.db,
        sql`select id, result_key as "resultKey" from file_versions
            where bim_file_id = ${first.fileId} order by version_number desc limit 1`,
      );
      const latest = before!.id;
      expect(await engineRuns(latest)).toBe(0);
      // Another active IDS file: another set of revisions, and a re-check of each file's latest version.
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
      expect(await engineRuns(latest, 'recheck')).toBe(1);
      expect(after.resultKey).toMatch(/^[0-9a-f]{64}$/);
    });

    it('the key changes with the model, the IDS revisions and the engine', () => {
      const base = resultKey('a'.repeat(64), '[["ids",1]]');
      expect(resultKey('a'.repeat(64), '[["ids",1]]')).toBe(base);
      expect(resultKey('b'.repeat(64), '[["ids",1]]')).not.toBe(base);
      expect(resultKey('a'.repeat(64), '[["ids",2]]')).not.toBe(base);
      expect(resultKey('a'.repeat(64), '[["ids",1]]', [...ENGINE_IDENTITY, 'another engine'])).not.toBe(base);
    });
  });
}
