/**
 * A version's rows of a table as processing writes them: column arrays typed by the table's Drizzle
 * schema, or the same rows already encoded for COPY on the analysis thread (`encodeVersionRows`),
 * which the writer (output-writer.ts) streams without touching each value on the event loop. Pure.
 */
import { getTableColumns, getTableName, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { BULK_BATCH_ROWS, type BulkColumn, type CopyBatches, encodeCopyBatches } from './copy-text';

/** A table processing writes: its rows belong to one file version, by `file_version_id`. */
export type VersionTable = PgTable & { fileVersionId: PgColumn };

/**
 * A version's rows of `T` as column arrays, one per column of the table's Drizzle schema (the table's
 * one shape): every column but the version id, each array as long as the others.
 */
export type VersionRows<T extends VersionTable> = {
  [K in Exclude<keyof InferSelectModel<T>, 'fileVersionId'>]-?: ReadonlyArray<InferSelectModel<T>[K]>;
};

/** `VersionRows<T>` encoded for COPY, the version id first on every line. */
export interface EncodedVersionRows<T extends VersionTable> {
  /** The table's name and the version the lines carry: the writer checks both. */
  readonly encodedFor: string;
  readonly versionId: string;
  readonly copy: CopyBatches;
  readonly count: number;
  /** Never set: keeps the rows' table in their type. */
  readonly table?: T;
}

/** `rows` of `table` for `versionId` in COPY's text format (the analysis thread's encoding). */
export function encodeVersionRows<T extends VersionTable>(
  table: T,
  versionId: string,
  rows: VersionRows<T>,
  batchRows = BULK_BATCH_ROWS,
): EncodedVersionRows<T> {
  const columns = copyColumns(table, rows);
  return {
    encodedFor: getTableName(table),
    versionId,
    copy: encodeCopyBatches({ [table.fileVersionId.name]: versionId }, columns, batchRows),
    count: columns[0]?.values.length ?? 0,
  };
}

export function isEncoded<T extends VersionTable>(
  rows: VersionRows<T> | EncodedVersionRows<T>,
): rows is EncodedVersionRows<T> {
  return typeof (rows as { encodedFor?: unknown }).encodedFor === 'string';
}

/** The buffers of encoded rows, to transfer to another thread rather than copy. */
export function transferablesOf(...encoded: ReadonlyArray<EncodedVersionRows<VersionTable>>): ArrayBuffer[] {
  return encoded.flatMap((rows) => rows.copy.batches.map((batch) => batch.buffer as ArrayBuffer));
}

/** `rows` as COPY columns: names from the table's schema, every array as long as the others. */
export function copyColumns<T extends VersionTable>(table: T, rows: VersionRows<T>): BulkColumn[] {
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
