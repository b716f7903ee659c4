// `npm test`: builds the app, then runs every unit and integration test and the end-to-end tests in
// Chromium against the built app at the same time, and closes with one summary line for the whole run.
//
// The two runs overlap (decision 0205): each spends much of its time waiting (on PostgreSQL, jobs,
// child processes, the browser), so together they keep both cores busy where one after the other left
// one idle. Each prints its lines with its name in front; each writes a JSON report (per-file times),
// whose directory is printed before the summary, and from which the name of every failed test and of
// every file that failed outside its tests is printed just above it (CI keeps only a log's tail).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

import { runUnderSupportedNode } from './node-runtime.mjs';
import { failureNames, reportCounts } from './test-report.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Node 22 LTS or newer; on an older Node this runs again under Node 22 fetched into .node/.
await runUnderSupportedNode(import.meta.url);
const resultsDir = mkdtempSync(join(tmpdir(), 'plumbline-test-'));
const passthrough = process.argv.slice(2);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/** Runs a command with each line of its output prefixed by `[name]`; resolves with its exit status. */
function runPrefixed(name, command, args) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as on a terminal when this one is; vitest prints plain lines (no live area) to a pipe.
    env: { ...process.env, ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}) },
  });
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`[${name}] ${line}\n`));
  }
  return new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (code) => resolve(code ?? 1));
  });
}

/** One vitest run with a JSON report beside the printed one; resolves with its status and counts. */
async function vitest(name, configArgs) {
  const outputFile = join(resultsDir, `${name}.json`);
  const status = await runPrefixed(name, 'npx', [
    'vitest',
    'run',
    ...configArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
    ...passthrough,
  ]);
  let counts = { passed: 0, failed: 0, skipped: 0 };
  let failures = [];
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    counts = reportCounts(report);
    failures = failureNames(report, root);
    if (status !== 0 && failures.length === 0) {
      failures = [`exited with status ${status} with no failed test in its report (see its errors above)`];
    }
  } else if (status !== 0) {
    counts.failed += 1;
    failures = [`exited with status ${status} without writing its report`];
  }
  return { name, status, counts, failures };
}

// npm packages, exactly the lock file's, when node_modules is missing (a fresh clone) or older than it.
const installedMarker = join(root, 'node_modules/.package-lock.json');
if (
  !existsSync(installedMarker) ||
  statSync(join(root, 'package-lock.json')).mtimeMs > statSync(installedMarker).mtimeMs
) {
  console.log('Installing dependencies…');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) {
    console.error('npm ci failed');
    process.exit(1);
  }
  const now = new Date();
  utimesSync(installedMarker, now, now);
}

// Chromium and pdftoppm from Debian's packages (a no-op when present); PostgreSQL comes from npm.
if (run('bash', ['scripts/install-system-deps.sh']) !== 0) {
  console.error('Chromium could not be installed (see above): the end-to-end tests need /usr/bin/chromium.');
  process.exit(1);
}

if (run('node', ['scripts/build.mjs']) !== 0) {
  console.error('build failed');
  process.exit(1);
}

const started = [vitest('unit', [])];
if (existsSync(join(root, 'apps/web/e2e/vitest.config.ts'))) {
  started.push(vitest('e2e', ['--config', 'apps/web/e2e/vitest.config.ts']));
}
const runs = await Promise.all(started);

const total = runs.reduce(
  (sum, { counts }) => ({
    passed: sum.passed + counts.passed,
    failed: sum.failed + counts.failed,
    skipped: sum.skipped + counts.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const failedRun = runs.some(({ status }) => status !== 0);
if (failedRun && total.failed === 0) total.failed = 1;
console.log(`\nJSON reports (per-file times): ${resultsDir}`);
// Which tests failed, by name, where a log cut to its tail still shows them.
const failures = runs.flatMap(({ name, failures }) => failures.map((line) => `[${name}] ${line}`));
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedRun ? 1 : 0);
