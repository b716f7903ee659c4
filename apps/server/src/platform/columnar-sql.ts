// SQL text for the columnar engine, without loading the engine (the analysis thread imports it).

/** A string literal in DuckDB's SQL (standard strings: only the quote is doubled). */
export function sqlText(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
