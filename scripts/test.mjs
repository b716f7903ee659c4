// `npm test`: builds the app, runs every unit and integration test, then the end-to-end tests
// in Chromium against the built app, and closes with one summary line for the whole run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { runUnderSupportedNode } from './node-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// Node 22 LTS or newer; on an older Node this runs again under Node 22 fetched into .node/.
await runUnderSupportedNode(import.meta.url);
const resultsDir = mkdtempSync(join(tmpdir(), 'plumbline-test-'));
const passthrough = process.argv.slice(2);

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function vitest(name, configArgs) {
  const outputFile = join(resultsDir, `${name}.json`);
  const status = run('npx', [
    'vitest',
    'run',
    ...configArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
    ...passthrough,
  ]);
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    counts.passed = report.numPassedTests ?? 0;
    counts.failed = report.numFailedTests ?? 0;
    counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that failed to load counts as a failure even though it holds no test results.
    const brokenFiles = (report.testResults ?? []).filter(
      (file) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
    ).length;
    counts.failed += brokenFiles;
  } else if (status !== 0) {
    counts.failed += 1;
  }
  return { status, counts };
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

const runs = [vitest('unit', [])];
if (existsSync(join(root, 'apps/web/e2e/vitest.config.ts'))) {
  runs.push(vitest('e2e', ['--config', 'apps/web/e2e/vitest.config.ts']));
}

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
console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failedRun ? 1 : 0);
