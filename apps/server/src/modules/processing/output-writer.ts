import { getTableColumns, getTableName, type InferSelectModel, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../platform/db';
import { bulkInsert } from './bulk';

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
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const copied = Object.entries(rows as Record<string, readonly unknown[]>).map(([key, values]) => {
    const column = columns[key];
    if (!column) throw new Error(`${name} has no column ${key}`);
    return { name: column.name, values };
  });
  const length = copied[0]?.values.length ?? 0;
  if (copied.some((c) => c.values.length !== length)) throw new Error(`${name}: columns of unequal length`);
  await timed(hooks, `delete ${name}`, () =>
    tx.execute(sql`delete from ${table} where ${table.fileVersionId} = ${versionId}`),
  );
  return timed(hooks, `copy ${name}`, () =>
    bulkInsert(tx, name, { [table.fileVersionId.name]: versionId }, copied, hooks),
  );
}
