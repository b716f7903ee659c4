import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../platform/db';

/** Rows per COPY statement: `afterBatch` runs between them (tests crash half-way there). */
export const BULK_BATCH_ROWS = 50_000;
/** Rows per chunk handed to the COPY stream: few, large writes without one string per batch. */
const LINES_PER_CHUNK = 2_000;

export interface BulkColumn {
  /** Column name in the target table; its type's input function reads the value's text. */
  name: string;
  values: readonly unknown[];
}

/**
 * Writes column arrays with PostgreSQL's COPY (text format) on the transaction's own connection,
 * `batchRows` rows per statement, with `constants` (the same value on every row, e.g. the version id)
 * added to each row. COPY parses rows server-side without building parameter arrays: 358,429
 * property rows of a 50 MB model went in in 3.2 s against 5.0 s with the `insert … select from
 * unnest(…)` it replaced (issue 15; 2 cores, busy). `afterBatch` runs after each statement.
 */
export async function bulkInsert(
  tx: Database,
  table: string,
  constants: Record<string, string | number>,
  columns: readonly BulkColumn[],
  options: { batchRows?: number; afterBatch?: (table: string, rows: number) => Promise<void> | void } = {},
): Promise<number> {
  const total = columns[0]?.values.length ?? 0;
  const batchRows = options.batchRows ?? BULK_BATCH_ROWS;
  const client = transactionConnection(tx);
  const names = [...Object.keys(constants), ...columns.map((c) => c.name)].map((n) => `"${n}"`).join(', ');
  const prefix = Object.values(constants).map(copyText).join('\t');
  for (let start = 0; start < total; start += batchRows) {
    const end = Math.min(total, start + batchRows);
    await pipeline(
      Readable.from(copyLines(prefix, columns, start, end)),
      client.query(copyFrom(`copy "${table}" (${names}) from stdin`)),
    );
    await options.afterBatch?.(table, end - start);
  }
  return total;
}

function* copyLines(prefix: string, columns: readonly BulkColumn[], start: number, end: number) {
  for (let chunkStart = start; chunkStart < end; chunkStart += LINES_PER_CHUNK) {
    const chunkEnd = Math.min(end, chunkStart + LINES_PER_CHUNK);
    let text = '';
    for (let row = chunkStart; row < chunkEnd; row++) {
      const fields = columns.map((column) => copyText(column.values[row]));
      text += `${prefix === '' ? '' : `${prefix}\t`}${fields.join('\t')}\n`;
    }
    yield text;
  }
}

/**
 * One value in COPY's text format: \N for null, backslash escapes for the separators; an array as
 * PostgreSQL's array literal (each element quoted), escaped in turn.
 */
export function copyText(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = Array.isArray(value) ? arrayLiteral(value) : typeof value === 'string' ? value : String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : text;
}

/** `{"a","b \\"c\\""}`: every element quoted, so commas, braces and blanks in values need nothing more. */
function arrayLiteral(values: readonly unknown[]): string {
  const elements = values.map((v) =>
    v === null || v === undefined ? 'NULL' : `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`,
  );
  return `{${elements.join(',')}}`;
}

/** The pg connection a Drizzle transaction runs on (COPY needs the connection, not a pool). */
function transactionConnection(tx: Database): pg.PoolClient {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client as
    | (pg.PoolClient & { release?: unknown })
    | undefined;
  if (!client || typeof client.release !== 'function') {
    throw new Error('bulkInsert writes inside a transaction (db.transaction), on its connection.');
  }
  return client;
}
