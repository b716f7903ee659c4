/**
 * Lints every real-world example in ../shared/ids-examples (or the folder given) and prints the
 * findings per rule and per file, as a Markdown table, then every finding (for checking by hand).
 *
 *   npx tsx packages/ids/scripts/lint-examples.ts [folder]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { lintIdsFile } from '../src/lint/lint-file';

const dir = resolve(process.argv[2] ?? join(import.meta.dirname, '../../../../shared/ids-examples'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ids'))
  .sort();
const byRule = new Map<string, { severity: string; total: number; files: Map<string, number> }>();
const all: string[] = [];
for (const file of files) {
  const { diagnostics } = await lintIdsFile(readFileSync(join(dir, file)));
  for (const d of diagnostics) {
    const row = byRule.get(d.rule) ?? { severity: d.severity, total: 0, files: new Map<string, number>() };
    row.total++;
    row.files.set(file, (row.files.get(file) ?? 0) + 1);
    byRule.set(d.rule, row);
    all.push(`${file}:${d.range.start.line}:${d.range.start.column}: ${d.severity} ${d.rule}: ${d.message}`);
  }
}
console.log(`| rule | severity | findings | files |\n|---|---|---|---|`);
for (const [rule, row] of [...byRule].sort((a, b) => b[1].total - a[1].total))
  console.log(
    `| \`${rule}\` | ${row.severity} | ${row.total} | ${[...row.files].map(([f, n]) => `${f.replace(/^IDS_|\.ids$/g, '')} (${n})`).join(', ')} |`,
  );
console.log(`\n${files.length} files, ${all.length} findings\n`);
for (const line of all) console.log(line);
process.exit(0);
