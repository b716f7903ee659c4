// `node scripts/test-durations.mjs REPORT.json…`: rewrites scripts/test-durations.json, the seconds each
// test file took, from vitest JSON reports (`npm test` writes one per run, unit and e2e, and prints
// where). Files of the given reports get their new figures; the others keep theirs; files no longer in
// the repository are dropped. Both runs' sequencer (test-sequencer.ts) starts the longest first
// (decisions 0205, 0461).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const target = join(root, 'scripts/test-durations.json');

/**
 * A report's file name as a path in this repository: the longest ending of it that names a file here
 * (a report written in another checkout names its files under that one). Null when none does.
 */
export function inRepository(name, exists = (path) => existsSync(join(root, path))) {
  const parts = name.split(/[\\/]/);
  for (let i = 0; i < parts.length; i++) {
    const path = parts.slice(i).join('/');
    if (path !== '' && exists(path)) return path;
  }
  return null;
}

/** The table with the reports' files set to their seconds (whole, at least 0), sorted longest first. */
export function mergedDurations(previous, reports, exists) {
  const seconds = {};
  for (const [path, s] of Object.entries(previous)) if (exists(path)) seconds[path] = s;
  for (const report of reports) {
    for (const file of report.testResults ?? []) {
      const path = inRepository(file.name, exists);
      if (path === null || !(file.endTime >= file.startTime)) continue;
      seconds[path] = Math.round((file.endTime - file.startTime) / 1000);
    }
  }
  return Object.fromEntries(Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const reportPaths = process.argv.slice(2);
  if (reportPaths.length === 0) {
    console.error('usage: node scripts/test-durations.mjs REPORT.json…');
    process.exit(2);
  }
  const previous = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : {};
  const reports = reportPaths.map((path) => JSON.parse(readFileSync(path, 'utf8')));
  const table = mergedDurations(previous, reports, (path) => existsSync(join(root, path)));
  writeFileSync(target, `${JSON.stringify(table, null, 2)}\n`);
  console.log(`${target}: ${Object.keys(table).length} files`);
}
