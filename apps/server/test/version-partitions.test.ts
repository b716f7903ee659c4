import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderClause } from '../src/modules/metadata/row-query';
import { processFileVersion } from '../src/modules/processing/service';
import { createLogger } from '../src/platform/logger';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, signUp, startTestServer, type TestServer } from './support/server';
import { storeUnqueuedVersion } from './support/unqueued-version';

// Decisions 0191 and 0196: a version's property rows, elements and element results are partitions of
// element_properties, elements and element_results of their own, attached by the write transaction
// and dropped with the version; queries on one version read only its partitions.
const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');
const windowsIds = sharedFile('ids-examples/IDS_wooden-windows.ids');
const TABLES = ['element_properties', 'elements', 'element_results'] as const;
type PartitionedTable = (typeof TABLES)[number];

for (const backend of testBackends()) {
  describe.skipIf(windowsIfc === null || windowsIds === null)(
    `rows partitioned by version (${backend.name})`,
    () => {
      let server: TestServer;
      let projectId: string;

      async function query<R>(text: ReturnType<typeof sql>): Promise<R[]> {
        return ((await server.database.db.execute(text)) as unknown as { rows: R[] }).rows;
      }

      /** The partitions of `table`, by name. */
      async function partitions(table: PartitionedTable = 'element_properties'): Promise<string[]> {
        const rows = await query<{ name: string }>(sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass`);
        return rows.map((r) => r.name).sort();
      }

      const partitionOf = (versionId: string, table: PartitionedTable = 'element_properties') =>
        `${table}_${versionId.replaceAll('-', '')}`;

      /** A version's rows of `table`, and how many of them sit in the version's own partition. */
      async function rowsOf(
        table: PartitionedTable,
        versionId: string,
      ): Promise<{ all: number; own: number }> {
        const [row] = await query<{ all: number; own: number }>(
          sql`select count(*)::int as all, count(*) filter (where tableoid::regclass::text = ${partitionOf(versionId, table)})::int as own
          from ${sql.identifier(table)} where file_version_id = ${versionId}`,
        );
        return row ?? { all: -1, own: -1 };
      }

      /** A processed version of its own file (not queued: this test processes it). */
      async function processedVersion(name: string) {
        const { versionId } = await storeUnqueuedVersion(server, projectId, name, windowsIfc as Buffer);
        const deps = { db: server.database.db, storage: server.storage, clock: server.clock };
        const outcome = await processFileVersion({ ...deps, logger: createLogger('silent') }, versionId);
        if (outcome.status !== 'completed') throw new Error(`processing ended ${outcome.status}`);
        const { properties, elements, results } = outcome;
        return { versionId, properties, elements, results };
      }

      const deleteVersion = (versionId: string) =>
        server.database.db.execute(sql`delete from file_versions where id = ${versionId}`);

      beforeAll(async () => {
        server = await startTestServer(backend);
        const owner = await signUp(server, 'Pat Partition');
        projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Partitions' })).json()
          .project.id;
        // Active IDS, so processing writes element results too.
        const ids = await upload(
          server,
          owner,
          `/api/v1/projects/${projectId}/idsfiles`,
          'w.ids',
          windowsIds as Buffer,
        );
        if (ids.statusCode !== 201) throw new Error(`IDS upload: ${ids.statusCode} ${ids.body}`);
      });

      afterAll(async () => {
        await server?.stop();
      });

      it('writes each version into a partition of its own, which a query of the version reads alone', async () => {
        const first = await processedVersion('First.ifc');
        const second = await processedVersion('Second.ifc');
        const written = (v: typeof first): Record<PartitionedTable, number> => ({
          element_properties: v.properties,
          elements: v.elements,
          element_results: v.results,
        });
        for (const table of TABLES) {
          expect(written(first)[table], table).toBeGreaterThan(0);
          expect(await partitions(table)).toEqual(
            expect.arrayContaining([
              partitionOf(first.versionId, table),
              partitionOf(second.versionId, table),
            ]),
          );
          for (const v of [first, second]) {
            const n = written(v)[table];
            expect(await rowsOf(table, v.versionId), table).toEqual({ all: n, own: n });
          }
        }
        // Processing the version again replaces its rows in the same partitions.
        const deps = { db: server.database.db, storage: server.storage, clock: server.clock };
        await processFileVersion({ ...deps, logger: createLogger('silent') }, first.versionId);
        for (const table of TABLES) {
          const n = written(first)[table];
          expect(await rowsOf(table, first.versionId), table).toEqual({ all: n, own: n });
        }

        const steps = {
          element_properties: 'element_step_id',
          elements: 'step_id',
          element_results: 'element_step_id',
        };
        for (const table of TABLES) {
          const plan = await query<{ 'QUERY PLAN': string }>(
            sql`explain select * from ${sql.identifier(table)}
            where file_version_id = ${first.versionId} and ${sql.identifier(steps[table])} = 1`,
          );
          const text = plan.map((line) => line['QUERY PLAN']).join('\n');
          expect(text, table).toContain(partitionOf(first.versionId, table));
          expect(text, table).not.toContain(partitionOf(second.versionId, table));
        }
      });

      it('reads a page of the value sort from the index, going up and going down', async () => {
        const { versionId } = await processedVersion('Sorted.ifc');
        for (const direction of ['asc', 'desc'] as const) {
          const order = orderClause({ key: 'value', direction, versionClasses: [] });
          // Sorting is priced out, so the plan has no full Sort exactly when an index gives the order.
          const text = await server.database.db.transaction(async (tx) => {
            await tx.execute(sql`set local enable_sort = off`);
            const plan = (await tx.execute(
              sql`explain select * from element_properties ep where ep.file_version_id = ${versionId}
              order by ${order} limit 50 offset 100`,
            )) as unknown as { rows: { 'QUERY PLAN': string }[] };
            return plan.rows.map((line) => line['QUERY PLAN']).join('\n');
          });
          expect(text, direction).toContain(partitionOf(versionId));
          expect(text, direction).toMatch(
            direction === 'asc' ? /Index Scan using/ : /Index Scan Backward using/,
          );
          // Rows alike in value, element, set and property (rare) are settled by their place (ctid),
          // which no index holds: at most an incremental sort within such ties, never a full sort.
          expect(text, direction).not.toMatch(/(^|->\s+)Sort\b/m);
          if (/Incremental Sort/.test(text)) {
            expect(text, direction).toMatch(/Presorted Key: \(?"?left"?\(ep\.value, 200\)/);
          }
        }
      });

      it('gives a re-check its element results partition when the version has none (completed before 0036 with no results)', async () => {
        const { versionId, results } = await processedVersion('Rechecked.ifc');
        await query(sql`drop table ${sql.identifier(partitionOf(versionId, 'element_results'))}`);
        const deps = { db: server.database.db, storage: server.storage, clock: server.clock };
        const outcome = await processFileVersion(
          { ...deps, logger: createLogger('silent') },
          versionId,
          'recheck',
        );
        expect(outcome.status).toBe('completed');
        expect(await partitions('element_results')).toContain(partitionOf(versionId, 'element_results'));
        expect(await rowsOf('element_results', versionId)).toEqual({ all: results, own: results });
      });

      it('drops the partitions with their version', async () => {
        const { versionId } = await processedVersion('Dropped.ifc');
        for (const table of TABLES) expect(await partitions(table)).toContain(partitionOf(versionId, table));
        // element_compliance has no foreign key either (decision 0198): its rows go with the version too.
        const compliance = async () =>
          (
            await query<{ n: number }>(
              sql`select count(*)::int as n from element_compliance where file_version_id = ${versionId}`,
            )
          )[0]?.n;
        expect(await compliance()).toBeGreaterThan(0);
        await deleteVersion(versionId);
        expect(await compliance()).toBe(0);
        for (const table of TABLES) {
          expect(await partitions(table)).not.toContain(partitionOf(versionId, table));
          expect(await rowsOf(table, versionId), table).toEqual({ all: 0, own: 0 });
          const [left] = await query<{ exists: boolean }>(
            sql`select to_regclass(${partitionOf(versionId, table)}) is not null as exists`,
          );
          expect(left?.exists, table).toBe(false);
        }
      });

      it('deletes the rows without waiting for a transaction that reads the tables, and drops the partitions later', async () => {
        const waiting = await processedVersion('Waiting.ifc');
        const later = await processedVersion('Later.ifc');
        // A transaction holding a lock on the tables (as a processing write does until its commit).
        const reader = new pg.Client({ connectionString: server.database.url });
        await reader.connect();
        try {
          await reader.query('begin');
          for (const table of TABLES) await reader.query(`select count(*) from ${table}`);
          // It gives up each DROP after its lock timeout (100 ms) instead of waiting for the reader: were
          // it to wait, it would wait for ever, as the reader commits only after it returns.
          await deleteVersion(waiting.versionId);
          for (const table of TABLES) {
            expect(await rowsOf(table, waiting.versionId), table).toEqual({ all: 0, own: 0 });
            expect(await partitions(table)).toContain(partitionOf(waiting.versionId, table));
          }
          await reader.query('commit');
        } finally {
          await reader.end();
        }
        // The next delete drops the empty partitions left behind.
        await deleteVersion(later.versionId);
        for (const table of TABLES) {
          const left = await partitions(table);
          expect(left).not.toContain(partitionOf(waiting.versionId, table));
          expect(left).not.toContain(partitionOf(later.versionId, table));
        }
      });
    },
  );
}
