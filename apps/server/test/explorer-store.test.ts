import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateIfc } from '@plumbline/ifc-gen';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateExplorerFiles } from '../src/modules/metadata/columnar/migrate';
import { createColumnarExplorerStore } from '../src/modules/metadata/columnar/store';
import type { ExplorerStore, ExplorerVersion } from '../src/modules/metadata/explorer-store';
import { createRoutingExplorerStore } from '../src/modules/metadata/routing-store';
import { createSqlExplorerStore } from '../src/modules/metadata/sql-store';
import { processFileVersion } from '../src/modules/processing/service';
import { createColumnarEngine } from '../src/platform/columnar-engine';
import { rowsOf } from '../src/platform/db';
import { createLogger } from '../src/platform/logger';
import { fileVersions } from '../src/schema';
import { testBackends } from './support/backends';
import { oracleOf, runExplorerMatrix } from './support/explorer-store-matrix';
import { sharedFile } from './support/samples';
import { call, signUp, startTestServer, type TestServer } from './support/server';
import { storeUnqueuedVersion } from './support/unqueued-version';

// Issue 34: every ExplorerStore gives the same answers for every filter, sort, search, facet and page,
// checked against the rows the engine reads from the model (support/explorer-store-matrix.ts).
const SAMPLES = [
  'AC20-FZK-Haus.ifc',
  'Duplex_A_20110907.ifc',
  'Duplex_Electrical_20121207.ifc',
  'ISSUE_021_Mini_Project.ifc',
  'LargeBuilding.ifc',
  'Office_A_20110811.ifc',
  'OpenRoads_test1_IFC4X3_RC4.ifc',
  'SampleHouse4.ifc',
  'SimpleWall.ifc',
  'wall_door_columnt_rgb4x3.ifc',
];
// 3 MB in the suite; EXPLORER_MATRIX_MB=50 runs issue 34's 50 MB acceptance (minutes, not in npm test);
// EXPLORER_MATRIX_TIMES=1000 also lists the store calls that took a second or more.
const GENERATED_MB = Number(process.env.EXPLORER_MATRIX_MB ?? 3);
// Store calls of one matrix in flight at once: one per core of the machine the suite runs on.
const MATRIX_CONCURRENCY = 2;
const haus = sharedFile('ifc-samples/AC20-FZK-Haus.ifc');

/**
 * With EXPLORER_MATRIX_TIMES set, the store's calls that take over that many milliseconds are written
 * to stderr with their arguments (which matrix case is slow on a large model; nothing is asserted).
 */
function timed(name: string, store: ExplorerStore): ExplorerStore {
  const over = Number(process.env.EXPLORER_MATRIX_TIMES);
  if (!Number.isFinite(over)) return store;
  const say = (call: string, args: unknown[], started: number) => {
    const ms = performance.now() - started;
    if (ms >= over)
      process.stderr.write(`${name} ${call} ${ms.toFixed(0)} ms ${JSON.stringify(args.slice(1))}\n`);
  };
  return new Proxy(store, {
    get(target, call: string) {
      const member = Reflect.get(target, call) as unknown;
      if (typeof member !== 'function') return member;
      return (...args: unknown[]) => {
        const started = performance.now();
        const out = member.apply(target, args) as unknown;
        if (out instanceof Promise) return out.finally(() => say(call, args, started));
        if (out && typeof out === 'object' && Symbol.asyncIterator in out) {
          return (async function* () {
            yield* out as AsyncIterable<unknown>;
            say(call, args, started);
          })();
        }
        return out;
      };
    },
  });
}

for (const backend of testBackends()) {
  describe.skipIf(haus === null)(`explorer store equivalence (${backend.name})`, () => {
    let server: TestServer;
    let projectId: string;
    const scratch = mkdtempSync(join(tmpdir(), 'plumbline-explorer-'));
    const columnar = createColumnarEngine({
      memoryLimitBytes: 256 * 1024 * 1024,
      threads: 1,
      tempDir: join(scratch, 'spill'),
    });
    let columnarStore: ReturnType<typeof createColumnarExplorerStore>;

    /** The stores under test; each answers the whole matrix. */
    const stores = (): Array<[string, ExplorerStore]> => [
      ['sql', timed('sql', createSqlExplorerStore(server.database.db))],
      ['columnar', timed('columnar', columnarStore)],
    ];

    beforeAll(async () => {
      server = await startTestServer(backend);
      columnarStore = createColumnarExplorerStore({
        engine: columnar,
        storage: server.storage,
        workDir: join(scratch, 'load'),
        cacheBytes: 64 * 1024 * 1024,
      });
      const owner = await signUp(server, 'Owner');
      projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Stores' })).json().project
        .id;
    });
    afterAll(async () => {
      await server?.stop();
      columnar.close();
      rmSync(scratch, { recursive: true, force: true });
    });

    /** A processed version; with `columnar`, processing also writes its explorer file. */
    async function processed(name: string, bytes: Buffer, withFile = true): Promise<ExplorerVersion> {
      const { versionId } = await storeUnqueuedVersion(server, projectId, name, bytes);
      const deps = {
        db: server.database.db,
        storage: server.storage,
        clock: server.clock,
        ...(withFile ? { columnar } : {}),
        // The same bytes go through the engine twice, once per store: no copying of the first's rows.
        reuse: false,
      };
      const outcome = await processFileVersion({ ...deps, logger: createLogger('silent') }, versionId);
      expect(outcome.status).toBe('completed');
      const [row] = await server.database.db
        .select({ processedAt: fileVersions.processedAt })
        .from(fileVersions)
        .where(eq(fileVersions.id, versionId));
      return { id: versionId, processedAt: row?.processedAt ?? null, projectId };
    }

    /** Whether the version's property rows are in PostgreSQL (its `element_properties` partition). */
    async function hasPropertyRows(version: ExplorerVersion): Promise<boolean> {
      const [row] = await rowsOf<{ exists: boolean }>(
        server.database.db,
        sql`select to_regclass(quote_ident(plumbline_version_partition('element_properties', ${version.id}::uuid))) is not null as exists`,
      );
      return row?.exists === true;
    }

    async function matrix(name: string, bytes: Buffer) {
      // The model processed twice: with a columnar engine (the file, no rows in PostgreSQL) and
      // without one (EXPLORER_STORE=sql: the rows in PostgreSQL, no file); each store reads its own.
      // Both at once (each analysis on a thread of its own); the oracle is read meanwhile.
      const processing = Promise.all([processed(name, bytes), processed(`SQL ${name}`, bytes, false)]);
      processing.catch(() => undefined); // awaited below; the oracle's failure must not leave it unhandled
      const oracle = oracleOf(new Uint8Array(bytes));
      const [columnarVersion, sqlVersion] = await processing;
      const versions = { columnar: columnarVersion, sql: sqlVersion };
      expect(oracle.rows.length).toBeGreaterThan(0);
      // Processing wrote the file, so the columnar store answers from it, not through a fallback.
      expect(await columnarStore.has(versions.columnar)).toBe(true);
      expect(await hasPropertyRows(versions.columnar)).toBe(false);
      expect(await columnarStore.has(versions.sql)).toBe(false);
      expect(await hasPropertyRows(versions.sql)).toBe(true);
      // Each store asked its whole matrix about its own version; both stores at once, each with
      // MATRIX_CONCURRENCY calls in flight (PostgreSQL's backends and the engine's threads work
      // side by side), every answer compared with the oracle's as before.
      const outcomes = await Promise.all(
        stores().map(async ([storeName, store]) => {
          const version = versions[storeName as keyof typeof versions];
          const outcome = await runExplorerMatrix(store, version, oracle, {
            concurrency: MATRIX_CONCURRENCY,
          });
          return { store: storeName, ...outcome };
        }),
      );
      // Both stores' mismatches in one comparison: a failure names every store that answered wrong.
      expect(outcomes.map(({ store, mismatches }) => ({ store, mismatches }))).toEqual(
        outcomes.map(({ store }) => ({ store, mismatches: [] })),
      );
      for (const { cases } of outcomes) expect(cases).toBeGreaterThan(50);
    }

    for (const sample of SAMPLES) {
      const bytes = sharedFile(`ifc-samples/${sample}`);
      it.skipIf(bytes === null)(`answers alike on ${sample}`, () => matrix(sample, bytes as Buffer));
    }

    it('answers from the SQL rows while a version has no file, from the file the migration writes, and drops the rows a sweep later', async () => {
      const bytes = sharedFile('ifc-samples/SimpleWall.ifc') ?? (haus as Buffer);
      const version = await processed('No file yet.ifc', bytes, false);
      const oracle = oracleOf(new Uint8Array(bytes));
      const routing = createRoutingExplorerStore(columnarStore, createSqlExplorerStore(server.database.db));
      expect(await columnarStore.has(version)).toBe(false);
      expect((await runExplorerMatrix(routing, version, oracle)).mismatches).toEqual([]);
      // The background migration writes the files of completed versions that have none, this one
      // among them, and keeps their rows for now (a process may still route them to SQL for a while).
      const deps = { db: server.database.db, storage: server.storage, columnar };
      const sweep = () => migrateExplorerFiles(deps, { versions: 100, stop: () => false });
      const first = await sweep();
      expect(first.written).toBeGreaterThanOrEqual(1);
      expect(first.remaining).toBe(true);
      expect(await hasPropertyRows(version)).toBe(true);
      // A store that has not seen the version yet (the first one remembers it had no file for a while).
      const fresh = createColumnarExplorerStore({
        engine: columnar,
        storage: server.storage,
        workDir: join(scratch, 'load-fresh'),
        cacheBytes: 64 * 1024 * 1024,
      });
      expect(await fresh.has(version)).toBe(true);
      expect((await runExplorerMatrix(fresh, version, oracle)).mismatches).toEqual([]);
      // While a reader holds the table, the drop waits 100 ms at most and leaves the rows to a later sweep.
      await server.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table element_properties in access share mode`);
        expect(await sweep()).toEqual({ written: 0, dropped: 0, remaining: true });
      });
      expect(await hasPropertyRows(version)).toBe(true);
      // The next sweep finds the file and drops the version's partition; the file answers alone.
      const second = await sweep();
      expect(second).toMatchObject({ written: 0, remaining: false });
      expect(second.dropped).toBeGreaterThanOrEqual(1);
      expect(await hasPropertyRows(version)).toBe(false);
      const after = createRoutingExplorerStore(fresh, createSqlExplorerStore(server.database.db));
      expect((await runExplorerMatrix(after, version, oracle)).mismatches).toEqual([]);
      expect(await sweep()).toEqual({ written: 0, dropped: 0, remaining: false });
    });

    it('fails the write when the explorer file cannot be stored: the version does not read completed', async () => {
      const bytes = sharedFile('ifc-samples/SimpleWall.ifc') ?? (haus as Buffer);
      const { versionId } = await storeUnqueuedVersion(server, projectId, 'No room.ifc', bytes);
      // The same storage, except that it refuses every write (the model is read from it as usual).
      const refusing: typeof server.storage = Object.create(server.storage, {
        putStream: {
          value: async () => {
            throw new Error('no room left on the device');
          },
        },
      });
      const deps = { db: server.database.db, storage: refusing, clock: server.clock, columnar, reuse: false };
      await expect(
        processFileVersion({ ...deps, logger: createLogger('silent') }, versionId),
      ).rejects.toThrow('no room left on the device');
      const [row] = await server.database.db
        .select({ status: fileVersions.status })
        .from(fileVersions)
        .where(eq(fileVersions.id, versionId));
      expect(row?.status).toBe('processing');
      expect(await hasPropertyRows({ id: versionId, processedAt: null, projectId })).toBe(false);
    });

    it(
      `answers alike on a generated ${GENERATED_MB} MB model`,
      async () => {
        const out = join(scratch, 'generated.ifc');
        await generateIfc({ targetBytes: GENERATED_MB * 1_000_000, seed: 34, out });
        await matrix('Generated.ifc', readFileSync(out));
      },
      Math.max(600_000, GENERATED_MB * 60_000),
    );
  });
}
