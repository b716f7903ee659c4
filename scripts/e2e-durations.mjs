// `node scripts/e2e-durations.mjs REPORT.json`: rewrites apps/web/e2e/harness/durations.ts, the seconds
// each end-to-end file took, from a vitest JSON report of an e2e run (npm test writes one per run and
// prints where). The e2e sequencer starts the longest files first (decision 0205).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const reportPath = process.argv[2];
if (!reportPath) {
  console.error('usage: node scripts/e2e-durations.mjs REPORT.json');
  process.exit(2);
}
const report = JSON.parse(readFileSync(reportPath, 'utf8'));
const e2eDir = join(dirname(fileURLToPath(import.meta.url)), '../apps/web/e2e');
const seconds = {};
for (const file of report.testResults ?? []) {
  // Files of the run that are still in the repository.
  if (!file.name.endsWith('.e2e.test.ts') || !existsSync(join(e2eDir, basename(file.name)))) continue;
  seconds[basename(file.name)] = Math.round((file.endTime - file.startTime) / 1000);
}
const sorted = Object.entries(seconds).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
const target = join(e2eDir, 'harness/durations.ts');
writeFileSync(
  target,
  `// Seconds each e2e file took in a measured run, written by scripts/e2e-durations.mjs: the sequencer
// (sequencer.ts) starts the longest first. A file missing here runs first; stale figures only cost balance.
export const FILE_SECONDS: Record<string, number> = {
${sorted.map(([name, s]) => `  '${name}': ${s},`).join('\n')}
};
`,
);
console.log(`${target}: ${sorted.length} files`);
