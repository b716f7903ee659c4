/**
 * PostgreSQL COPY's text format, made from column arrays: pure, so the analysis thread can encode a
 * version's big tables (analyse.ts) and hand the bytes over without a copy, and bulk.ts can stream
 * the small ones from the main thread.
 */

/** Rows per COPY statement: `afterBatch` runs between them (tests crash half-way there). */
export const BULK_BATCH_ROWS = 50_000;
/** Rows per chunk handed to the COPY stream: few, large writes without one string per batch. */
const LINES_PER_CHUNK = 2_000;

export interface BulkColumn {
  /** Column name in the target table; its type's input function reads the value's text. */
  name: string;
  values: readonly unknown[];
}

/** The COPY text of rows [start, end), in chunks of LINES_PER_CHUNK lines, each line `prefix` first. */
export function* copyLines(prefix: string, columns: readonly BulkColumn[], start: number, end: number) {
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

/**
 * Rows already in COPY's text format, `BULK_BATCH_ROWS` lines a batch (the last fewer), each batch
 * UTF-8 on an ArrayBuffer of its own, so a thread can transfer them without a copy.
 */
export interface CopyBatches {
  /** COPY's column list, the constant columns first. */
  readonly columns: readonly string[];
  readonly batches: readonly Uint8Array[];
  /** Lines in each batch. */
  readonly batchRows: readonly number[];
}

export function encodeCopyBatches(
  constants: Record<string, string | number>,
  columns: readonly BulkColumn[],
  batchRows = BULK_BATCH_ROWS,
): CopyBatches {
  const total = columns[0]?.values.length ?? 0;
  const prefix = Object.values(constants).map(copyText).join('\t');
  const encoder = new TextEncoder();
  const batches: Uint8Array[] = [];
  const rows: number[] = [];
  for (let start = 0; start < total; start += batchRows) {
    const end = Math.min(total, start + batchRows);
    // TextEncoder gives each batch its own ArrayBuffer (Buffer.from may share a pool).
    batches.push(encoder.encode([...copyLines(prefix, columns, start, end)].join('')));
    rows.push(end - start);
  }
  return { columns: [...Object.keys(constants), ...columns.map((c) => c.name)], batches, batchRows: rows };
}
