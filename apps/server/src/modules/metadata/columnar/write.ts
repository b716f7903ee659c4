import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ColumnarEngine } from '../../../platform/columnar-engine';
import { sqlText } from '../../../platform/columnar-sql';

/** Rows encoded in PostgreSQL COPY's text format, as the analysis thread hands them over. */
export interface CopyText {
  /** The column names, in the order of each line's fields. */
  readonly columns: readonly string[];
  readonly batches: readonly Uint8Array[];
}

/** The Parquet file's columns: one row per element, property set and property (decision 0274). */
export const EXPLORER_FILE_COLUMNS = [
  'row_no',
  'step_id',
  'global_id',
  'object_name',
  'ifc_class',
  'category',
  'level',
  'property_set',
  'attribute',
  'value',
  'data_type',
] as const;

/** COPY text as read: every field VARCHAR, `\N` for null, the separators backslash-escaped. */
function readText(path: string, columns: readonly string[]): string {
  const types = columns.map((c) => `${sqlText(c)}: 'VARCHAR'`).join(', ');
  return `read_csv(${sqlText(path)}, delim = '\t', quote = '', escape = '', header = false,
    nullstr = '\\N', auto_detect = false, strict_mode = false, columns = {${types}})`;
}

/**
 * A COPY text field decoded: `\\` is a backslash, `\t` `\n` `\r` the characters. Split at the
 * escaped backslashes first, so `\\n` stays a backslash and an n.
 */
function decoded(column: string): string {
  const escapesDecoded = `replace(replace(replace(x, '\\t', chr(9)), '\\n', chr(10)), '\\r', chr(13))`;
  return `(case when contains(${column}, '\\') then array_to_string(list_transform(string_split(${column}, '\\\\'), x -> ${escapesDecoded}), '\\') else ${column} end)`;
}

async function writeText(path: string, text: CopyText): Promise<void> {
  await pipeline(
    (async function* () {
      for (const batch of text.batches) yield batch;
    })(),
    createWriteStream(path),
  );
}

/** A COPY text file on disk and its columns. */
export interface CopyTextFile {
  path: string;
  columns: readonly string[];
}

/**
 * Writes a version's explorer rows as one Parquet file (zstd, in element, set, property order with
 * its position in `row_no`; rows alike in all three keep processing's order, as COPY stored them)
 * from the elements and property rows processing encoded for COPY. `workDir` is the caller's
 * scratch directory; the file is `<workDir>/rows.parquet`.
 */
export async function writeExplorerFile(
  engine: ColumnarEngine,
  rows: { elements: CopyText; properties: CopyText },
  workDir: string,
): Promise<{ path: string; rows: number }> {
  const elements = { path: join(workDir, 'elements.txt'), columns: rows.elements.columns };
  const properties = { path: join(workDir, 'properties.txt'), columns: rows.properties.columns };
  await Promise.all([writeText(elements.path, rows.elements), writeText(properties.path, rows.properties)]);
  return writeExplorerFileFromText(engine, { elements, properties }, workDir);
}

/**
 * As writeExplorerFile, from COPY text already on disk: the elements' `step_id`, `global_id`, `name`,
 * `ifc_class`, `category` and `level`, the properties' `element_step_id`, `property_set`, `name`,
 * `value` and `data_type` (other columns are ignored).
 */
export async function writeExplorerFileFromText(
  engine: ColumnarEngine,
  text: { elements: CopyTextFile; properties: CopyTextFile },
  workDir: string,
): Promise<{ path: string; rows: number }> {
  const out = join(workDir, 'rows.parquet');
  await engine.run(`copy (
    with e as (select * from ${readText(text.elements.path, text.elements.columns)}),
      p as (select row_number() over () as line, * from ${readText(text.properties.path, text.properties.columns)}),
      joined as (
        select p.line, cast(p.element_step_id as integer) as step_id, ${decoded('e.global_id')} as global_id,
          ${decoded('e.name')} as object_name, ${decoded('e.ifc_class')} as ifc_class,
          ${decoded('e.category')} as category, ${decoded('e.level')} as level,
          ${decoded('p.property_set')} as property_set, ${decoded('p.name')} as attribute,
          ${decoded('p.value')} as value, ${decoded('p.data_type')} as data_type
        from p join e on cast(e.step_id as integer) = cast(p.element_step_id as integer))
    select cast(row_number() over (order by step_id, property_set, attribute, line) - 1 as integer) as row_no,
      * exclude (line)
    from joined order by row_no
  ) to ${sqlText(out)} (format parquet, compression zstd, row_group_size 65536)`);
  const [count] = await engine.query<{ rows: number }>(
    `select cast(count(*) as integer) as rows from read_parquet(${sqlText(out)})`,
  );
  return { path: out, rows: count?.rows ?? 0 };
}
