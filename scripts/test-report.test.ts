// The names `npm test` prints of what failed, read from a JSON report written by this repository's vitest
// on a few files made to fail in each way (an assertion, a throw, a missing import, a broken hook).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureNames, reportCounts } from './test-report.mjs';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'plumbline-test-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'assertions.test.ts': `import { describe, expect, it } from 'vitest';
describe('outer', () => {
  describe('inner', () => { it('compares', () => { expect(1).toBe(2); }); });
  it('passes', () => {});
});
it('throws', () => { throw new Error('boom'); });
it.skip('is skipped', () => {});
`,
  'missing-import.test.ts': `import './no-such-module';
import { it } from 'vitest';
it('never runs', () => {});
`,
  'broken-hook.test.ts': `import { beforeAll, describe, it } from 'vitest';
describe('group', () => {
  beforeAll(() => { throw new Error('hook broke'); });
  it('one', () => {});
});
`,
  'passing.test.ts': `import { it } from 'vitest';
it('passes', () => {});
`,
};

let report: unknown;
beforeAll(() => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const outputFile = join(dir, 'report.json');
  const run = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--root',
      dir,
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { cwd: dir, encoding: 'utf8', timeout: 120_000 },
  );
  expect(run.status, run.stderr).toBe(1);
  report = JSON.parse(readFileSync(outputFile, 'utf8'));
  // A guard against a hang, not a speed check: a vitest run takes over 10 s on a busy machine.
}, 120_000);

describe('failureNames', () => {
  it('names each failed test by file and titles, and each file that failed outside its tests', () => {
    expect(failureNames(report, dir).sort()).toEqual([
      'assertions.test.ts > outer > inner > compares',
      'assertions.test.ts > throws',
      'broken-hook.test.ts: failed outside its tests',
      "missing-import.test.ts: did not load: Cannot find module './no-such-module' imported from " +
        join(dir, 'missing-import.test.ts'),
    ]);
  });

  it('names nothing for a report with no failure', () => {
    const passing = report as { testResults: { name: string }[] };
    const onlyPassing = {
      ...passing,
      testResults: passing.testResults.filter((file) => file.name.endsWith('passing.test.ts')),
    };
    expect(failureNames(onlyPassing, dir)).toEqual([]);
    expect(failureNames({}, dir)).toEqual([]);
  });
});

describe('reportCounts', () => {
  it('counts a file that failed outside its tests as one failure', () => {
    // Two failed tests, the file that did not load and the file whose hook broke.
    expect(reportCounts(report)).toEqual({ passed: 2, failed: 4, skipped: 2 });
  });
});
