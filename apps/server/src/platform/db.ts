import type { SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../schema';
import { acquireDataDirLock } from './data-dir-lock';
import { startEmbeddedPostgres } from './embedded-postgres';

/** The Drizzle database as repositories see it (node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize: number }
  /** The default installation's own PostgreSQL server, its cluster in `dir` (embedded-postgres.ts). */
  | { kind: 'embedded'; dir: string; poolSize: number };

export interface DatabaseHandle {
  /** embedded: this process is the only one using the database (the data-directory lock). */
  kind: 'embedded' | 'postgres';
  /** The connection string (pg-boss opens its own pool with it). */
  url: string;
  db: Database;
  /** Round trip of `select 1` in milliseconds; throws when the database is unreachable. */
  ping(): Promise<number>;
  /** Applies the drizzle-kit migrations in `folder`; safe when several processes start at once. */
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_301_114_905;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres('postgres', target.url, target.poolSize);
  // One app process per data directory: the embedded server admits no second writer of its jobs.
  const lock = acquireDataDirLock(target.dir);
  try {
    const server = await startEmbeddedPostgres(target.dir);
    const handle = await openPostgres('embedded', server.url, target.poolSize);
    return {
      ...handle,
      close: async () => {
        try {
          await handle.close();
          await server.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPostgres(
  kind: DatabaseHandle['kind'],
  url: string,
  poolSize: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: 'plumbline',
    // No parallel query: each API request is a short query on a busy server, and a plan that starts
    // worker processes (the explorer's category filter and sort after decision 0196) served a third
    // of the requests per second at 50 connections (decision 0199).
    options: '-c max_parallel_workers_per_gather=0',
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
  let closed = false;
  return {
    kind,
    url,
    db,
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

/** The rows of a raw SQL query, typed by the caller (node-postgres returns them under `rows`). */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * A prepared query of `db`, built the first time it is asked for and kept while `db` lives (a
 * transaction's handle goes with it). For the queries every request makes: the SQL is built once,
 * and PostgreSQL parses and plans it once per connection (the statement's name).
 */
export function preparedFor<Q>(cache: WeakMap<Database, Q>, db: Database, build: (db: Database) => Q): Q {
  let query = cache.get(db);
  if (query === undefined) {
    query = build(db);
    cache.set(db, query);
  }
  return query;
}
