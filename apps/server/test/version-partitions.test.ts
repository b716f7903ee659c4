import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderClause } from '../src/modules/metadata/row-query';
import { processFileVersion } from '../src/modules/processing/service';
import { createLogger } from '../src/platform/logger';
import { testBackends } from './support/backends';
import { sharedFile } from './support/samples';
import { call, signUp, startTestServer, type TestServer } from './support/server';
import { storeUnqueuedVersion } from './support/unqueued-version';

// Decision 0191: a version's property rows are a partition of element_properties of their own,
// attached by the write transaction and dropped with the version; queries on one version read
// only its partition.
const windowsIfc = sharedFile('ids-examples/IDS_wooden-windows_IFC.ifc');

for (const backend of testBackends()) {
  describe.skipIf(windowsIfc === null)(`property rows partitioned by version (${backend.name})`, () => {
    let server: TestServer;
    let projectId: string;

    async function query<R>(text: ReturnType<typeof sql>): Promise<R[]> {
      return ((await server.database.db.execute(text)) as unknown as { rows: R[] }).rows;
    }

    /** The partitions of element_properties, by name. */
    async function partitions(): Promise<string[]> {
      const rows = await query<{ name: string }>(sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid where i.inhparent = 'element_properties'::regclass`);
      return rows.map((r) => r.name).sort();
    }

    const partitionOf = (versionId: string) => `element_properties_${versionId.replaceAll('-', '')}`;

    async function propertyRows(versionId: string): Promise<number> {
      const [row] = await query<{ n: number }>(
        sql`select count(*)::int as n from element_properties where file_version_id = ${versionId}`,
      );
      return row?.n ?? -1;
    }

    /** A processed version of its own file (not queued: this test processes it). */
    async function processedVersion(name: string): Promise<{ versionId: string; properties: number }> {
      const { versionId } = await storeUnqueuedVersion(server, projectId, name, windowsIfc as Buffer);
      const deps = { db: server.database.db, storage: server.storage, clock: server.clock };
      const outcome = await processFileVersion({ ...deps, logger: createLogger('silent') }, versionId);
      if (outcome.status !== 'completed') throw new Error(`processing ended ${outcome.status}`);
      return { versionId, properties: outcome.properties };
    }

    const deleteVersion = (versionId: string) =>
      server.database.db.execute(sql`delete from file_versions where id = ${versionId}`);

    beforeAll(async () => {
      server = await startTestServer(backend);
      const owner = await signUp(server, 'Pat Partition');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Partitions' })).json()
        .project.id;
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
    });

    it('writes each version into a partition of its own, which a query of the version reads alone', async () => {
      const first = await processedVersion('First.ifc');
      const second = await processedVersion('Second.ifc');
      expect(first.properties).toBeGreaterThan(0);
      expect(await partitions()).toEqual(
        expect.arrayContaining([partitionOf(first.versionId), partitionOf(second.versionId)]),
      );
      expect(await propertyRows(first.versionId)).toBe(first.properties);
      expect(await propertyRows(second.versionId)).toBe(second.properties);
      // Processing the version again replaces its rows in the same partition.
      const deps = { db: server.database.db, storage: server.storage, clock: server.clock };
      await processFileVersion({ ...deps, logger: createLogger('silent') }, first.versionId);
      expect(await propertyRows(first.versionId)).toBe(first.properties);

      const plan = await query<{ 'QUERY PLAN': string }>(
        sql`explain select * from element_properties where file_version_id = ${first.versionId} and element_step_id = 1`,
      );
      const text = plan.map((line) => line['QUERY PLAN']).join('\n');
      expect(text).toContain(partitionOf(first.versionId));
      expect(text).not.toContain(partitionOf(second.versionId));
    }, 120_000);

    it('reads a page of the value sort from the index, going up and going down', async () => {
      const { versionId } = await processedVersion('Sorted.ifc');
      for (const direction of ['asc', 'desc'] as const) {
        const order = orderClause({ key: 'value', direction, versionClasses: [] });
        // Sorting is priced out, so the plan has no Sort exactly when an index gives the order.
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
        expect(text, direction).not.toMatch(/\bSort\b/);
      }
    }, 120_000);

    it('drops the partition with its version', async () => {
      const { versionId } = await processedVersion('Dropped.ifc');
      expect(await partitions()).toContain(partitionOf(versionId));
      await deleteVersion(versionId);
      expect(await partitions()).not.toContain(partitionOf(versionId));
      expect(await propertyRows(versionId)).toBe(0);
    }, 120_000);

    it('deletes the rows without waiting for a transaction that reads the table, and drops the partition later', async () => {
      const waiting = await processedVersion('Waiting.ifc');
      const later = await processedVersion('Later.ifc');
      // A transaction holding a lock on the table (as a processing write does until its commit).
      const reader = new pg.Client({ connectionString: server.database.url });
      await reader.connect();
      try {
        await reader.query('begin');
        await reader.query('select count(*) from element_properties');
        const started = performance.now();
        await deleteVersion(waiting.versionId);
        // It gave up the DROP after its lock timeout (100 ms) instead of waiting for the reader.
        expect(performance.now() - started).toBeLessThan(5_000);
        expect(await propertyRows(waiting.versionId)).toBe(0);
        expect(await partitions()).toContain(partitionOf(waiting.versionId));
        await reader.query('commit');
      } finally {
        await reader.end();
      }
      // The next delete drops the empty partition left behind.
      await deleteVersion(later.versionId);
      const left = await partitions();
      expect(left).not.toContain(partitionOf(waiting.versionId));
      expect(left).not.toContain(partitionOf(later.versionId));
    }, 120_000);
  });
}
