import { getTableName, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import { bulkInsert, copyEncoded } from './bulk';
import {
  copyColumns,
  type EncodedVersionRows,
  isEncoded,
  type VersionRows,
  type VersionTable,
} from './version-rows';

export type { VersionRows } from './version-rows';

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
  rows: VersionRows<T> | EncodedVersionRows<T>,
  hooks: OutputHooks = {},
): Promise<number> {
  const name = getTableName(table);
  await timed(hooks, `delete ${name}`, () =>
    tx.execute(sql`delete from ${table} where ${table.fileVersionId} = ${versionId}`),
  );
  return timed(hooks, `copy ${name}`, () => copyRows(tx, name, table, versionId, rows, hooks.afterBatch));
}

/**
 * COPYs a version's `rows` of `table` into `target` (the table, or its partition): rows encoded on
 * the analysis thread as they are, column arrays encoded here. `afterBatch` hears the table's name.
 */
function copyRows<T extends VersionTable>(
  tx: Database,
  target: string,
  table: T,
  versionId: string,
  rows: VersionRows<T> | EncodedVersionRows<T>,
  afterBatch: OutputHooks['afterBatch'],
): Promise<number> {
  const name = getTableName(table);
  const options = { afterBatch: (_: string, count: number) => afterBatch?.(name, count) };
  if (!isEncoded(rows)) {
    const constants = { [table.fileVersionId.name]: versionId };
    return bulkInsert(tx, target, constants, copyColumns(table, rows), options);
  }
  if (rows.encodedFor !== name || rows.versionId !== versionId) {
    throw new Error(
      `rows encoded for ${rows.encodedFor} of ${rows.versionId}, written to ${name} of ${versionId}`,
    );
  }
  return copyEncoded(tx, target, rows.copy, options);
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
  rows: VersionRows<T> | EncodedVersionRows<T>,
  hooks: OutputHooks = {},
): Promise<StagedPartition> {
  if (!UUID.test(versionId)) throw new Error(`not a version id: ${versionId}`);
  const name = getTableName(table);
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
    copyRows(tx, found.partition, table, versionId, rows, hooks.afterBatch),
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
