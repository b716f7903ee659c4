import { getTableColumns, getTableName, type InferSelectModel, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Database, rowsOf } from '../../platform/db';
import { type BulkColumn, bulkInsert } from './bulk';

/** A table processing writes: its rows belong to one file version, by `file_version_id`. */
type VersionTable = PgTable & { fileVersionId: PgColumn };

/**
 * A version's rows of `T` as column arrays, one per column of the table's Drizzle schema (the table's
 * one shape): every column but the version id, each array as long as the others.
 */
export type VersionRows<T extends VersionTable> = {
  [K in Exclude<keyof InferSelectModel<T>, 'fileVersionId'>]-?: ReadonlyArray<InferSelectModel<T>[K]>;
};

export interface OutputHooks {
  /** Runs after each COPY statement (tests crash half-way there). */
  afterBatch?: (table: string, rows: number) => Promise<void> | void;
  /** Where each step of the write adds its milliseconds (the job logs them; see `timed`). */
  timings?: Record<string, number>;
}

/** Runs one step of a write, adding its time to `hooks.timings[name]` when timings are kept. */
export async function timed<T>(hooks: OutputHooks, name: string, step: () => Promise<T>): Promise<T> {
  if (!hooks.timings) return step();
  const started = performance.now();
  try {
    return await step();
  } finally {
    hooks.timings[name] = (hooks.timings[name] ?? 0) + Math.round(performance.now() - started);
  }
}

/**
 * The one writer of processing output: replaces a version's rows of a table with `rows`, inside the
 * caller's transaction (so readers see the old rows until it commits, and a crash leaves them), by
 * deleting the version's rows and writing the new ones with COPY (bulk.ts). Column names come from
 * the table's schema, so a misspelt or missing column is a type error, not a failed COPY.
 */
export async function replaceVersionRows<T extends VersionTable>(
  tx: Database,
  table: T,
  versionId: string,
  rows: VersionRows<T>,
  hooks: OutputHooks = {},
): Promise<number> {
  const name = getTableName(table);
  const copied = copyColumns(table, rows);
  await timed(hooks, `delete ${name}`, () =>
    tx.execute(sql`delete from ${table} where ${table.fileVersionId} = ${versionId}`),
  );
  return timed(hooks, `copy ${name}`, () =>
    bulkInsert(tx, name, { [table.fileVersionId.name]: versionId }, copied, hooks),
  );
}

/** A version's rows loaded into a partition of their own that its table does not show yet. */
export interface StagedPartition {
  /** Makes the rows part of the table (ATTACH PARTITION, which builds the table's indexes on them). */
  attach(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The writer of a table partitioned by version (LIST on file_version_id, migrations 0034 and 0036;
 * decisions 0191, 0196): a version's rows go into a table created in the caller's transaction,
 * COPYed with no index to maintain (and, with `wal_level=minimal` as on the embedded server, no
 * WAL), analysed, and attached by `attach()`, which the caller runs as late as it can (but before
 * anything in the transaction reads the rows): ATTACH builds each index in one pass and holds the
 * parent's SHARE UPDATE EXCLUSIVE lock (readers and other writers go on) until the commit.
 * Readers see the version's previous rows, or none, until then; a crash leaves nothing behind.
 * A version that already has a partition (a rerun over completed data) has its rows replaced in it.
 */
export async function loadVersionPartition<T extends VersionTable>(
  tx: Database,
  table: T,
  versionId: string,
  rows: VersionRows<T>,
  hooks: OutputHooks = {},
): Promise<StagedPartition> {
  if (!UUID.test(versionId)) throw new Error(`not a version id: ${versionId}`);
  const name = getTableName(table);
  const copied = copyColumns(table, rows);
  const [found] = await rowsOf<{ partition: string; exists: boolean }>(
    tx,
    sql`select plumbline_version_partition(${name}, ${versionId}::uuid) as partition,
      to_regclass(quote_ident(plumbline_version_partition(${name}, ${versionId}::uuid))) is not null as exists`,
  );
  if (!found) throw new Error(`no partition name for ${name}`);
  const partition = sql.identifier(found.partition);
  if (found.exists) {
    await replaceVersionRows(tx, table, versionId, rows, hooks);
    await timed(hooks, `analyze ${name}`, () => tx.execute(sql`analyze ${partition}`));
    return { attach: async () => {} };
  }
  const version = sql.raw(`'${versionId}'`);
  await timed(hooks, `create ${name}`, () =>
    tx.execute(
      sql`create table ${partition} (like ${table} including defaults, check (${sql.identifier(table.fileVersionId.name)} = ${version}))`,
    ),
  );
  await timed(hooks, `copy ${name}`, () =>
    bulkInsert(tx, found.partition, { [table.fileVersionId.name]: versionId }, copied, {
      afterBatch: (_, count) => hooks.afterBatch?.(name, count),
    }),
  );
  // Fresh statistics before the explorer's first query: a pruned query plans with the partition's own.
  await timed(hooks, `analyze ${name}`, () => tx.execute(sql`analyze ${partition}`));
  return {
    attach: () =>
      timed(hooks, `attach ${name}`, async () => {
        // The index builds of the attach sort in memory rather than in temporary files.
        await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
        await tx.execute(sql`alter table ${table} attach partition ${partition} for values in (${version})`);
      }),
  };
}

/** `rows` as COPY columns: names from the table's schema, every array as long as the others. */
function copyColumns<T extends VersionTable>(table: T, rows: VersionRows<T>): BulkColumn[] {
  const name = getTableName(table);
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const copied = Object.entries(rows as Record<string, readonly unknown[]>).map(([key, values]) => {
    const column = columns[key];
    if (!column) throw new Error(`${name} has no column ${key}`);
    return { name: column.name, values };
  });
  const length = copied[0]?.values.length ?? 0;
  if (copied.some((c) => c.values.length !== length)) throw new Error(`${name}: columns of unequal length`);
  return copied;
}
