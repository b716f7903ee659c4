import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';

/** The Drizzle database as repositories see it: the same API on PGlite and node-postgres. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize: number }
  /** dir null: in memory (tests); `loadDataDir` starts it from a dump (`dumpDataDir`) instead of an empty cluster. */
  | { kind: 'pglite'; dir: string | null; loadDataDir?: Blob };

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** The PGlite instance pg-boss shares (PGlite only). */
  pglite: PGlite | null;
  /** Round trip of `select 1` in milliseconds; throws when the database is unreachable. */
  ping(): Promise<number>;
  /** Applies the drizzle-kit migrations in `folder`; safe when several processes start at once. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_301_114_905;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  return target.kind === 'pglite'
    ? openPglite(target.dir, target.loadDataDir)
    : openPostgres(target.url, target.poolSize);
}

async function openPglite(dir: string | null, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const lock: DataDirLock | null = dir ? acquireDataDirLock(dir) : null;
  let client: PGlite;
  try {
    client = new PGlite({ ...(dir ? { dataDir: dir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    ping: () => timed(() => db.execute(sql`select 1`)),
    migrate: async (folder) => {
      await migratePglite(db as never, { migrationsFolder: folder });
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'plumbline' });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    pglite: null,
    ping: () => timed(() => pool.query('select 1')),
    migrate: async (folder) => {
      // One connection holds an advisory lock while it migrates, so concurrent starts take turns.
      const client = new pg.Client({ connectionString: url, application_name: 'plumbline-migrate' });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.end();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return Math.round((performance.now() - started) * 100) / 100;
}
