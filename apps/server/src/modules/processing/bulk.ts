import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';

/** Rows per statement: measured fastest (NOTES.md, decision 0071). */
export const BULK_BATCH_ROWS = 50_000;

export interface BulkColumn {
  /** Column name in the target table. */
  name: string;
  /** PostgreSQL array type of the parameter, e.g. 'int4[]', 'text[]'. */
  arrayType: string;
  values: readonly unknown[];
  /** Expression around the unnested value, e.g. '?::jsonb' (default: the value itself). */
  cast?: string;
}

/**
 * Inserts column arrays with `insert … select … from unnest($1::type[], …)`, `batchRows` rows per
 * statement, with `constants` (same value on every row, e.g. the version id) added to each row.
 * `afterBatch` runs after each statement (tests use it to crash half-way).
 */
export async function bulkInsert(
  tx: Database,
  table: string,
  constants: Record<string, SQL>,
  columns: readonly BulkColumn[],
  options: { batchRows?: number; afterBatch?: (table: string, rows: number) => Promise<void> | void } = {},
): Promise<number> {
  const total = columns[0]?.values.length ?? 0;
  const batchRows = options.batchRows ?? BULK_BATCH_ROWS;
  const names = [...Object.keys(constants), ...columns.map((c) => c.name)];
  const columnList = sql.raw(names.map((n) => `"${n}"`).join(', '));
  for (let start = 0; start < total; start += batchRows) {
    const end = Math.min(total, start + batchRows);
    const unnestArgs = sql.join(
      columns.map((c) => sql`${sql.param(c.values.slice(start, end))}::${sql.raw(c.arrayType)}`),
      sql`, `,
    );
    const aliases = columns.map((_, i) => `c${i}`);
    const selected = sql.join(
      [
        ...Object.values(constants),
        ...columns.map((c, i) =>
          sql.raw(c.cast ? c.cast.replace('?', aliases[i] as string) : (aliases[i] as string)),
        ),
      ],
      sql`, `,
    );
    await tx.execute(
      sql`insert into ${sql.raw(`"${table}"`)} (${columnList}) select ${selected} from unnest(${unnestArgs}) as t(${sql.raw(aliases.join(', '))})`,
    );
    await options.afterBatch?.(table, end - start);
  }
  return total;
}
