// The order both test runs start their files in (test-sequencer.ts) and the table it goes by
// (test-durations.mjs), on made-up files and reports.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inRepository, mergedDurations } from './test-durations.mjs';
import { longestFirst, measuredSeconds, type SequencedFile } from './test-sequencer';

const root = join(import.meta.dirname, '..');
const file = (path: string, project: string, isolate: boolean): SequencedFile => ({
  moduleId: join(root, path),
  project: { name: project, config: { isolate } },
});
const order = (files: SequencedFile[], seconds: Record<string, number>) =>
  longestFirst(files, seconds).map((f) => f.moduleId.slice(root.length + 1));

describe('longestFirst', () => {
  it('starts the longest file first and an unmeasured one before all', () => {
    const files = [
      file('e2e/short.ts', 'e2e', true),
      file('e2e/new.ts', 'e2e', true),
      file('e2e/long.ts', 'e2e', true),
    ];
    expect(order(files, { 'e2e/short.ts': 3, 'e2e/long.ts': 80 })).toEqual([
      'e2e/new.ts',
      'e2e/long.ts',
      'e2e/short.ts',
    ]);
  });

  it("keeps a shared-worker project's files together, where its longest file puts them, longest first", () => {
    const files = [
      file('packages/a/one.test.ts', 'a', true),
      file('apps/server/small.test.ts', 'server', false),
      file('packages/a/two.test.ts', 'a', true),
      file('apps/server/big.test.ts', 'server', false),
      file('apps/web/w.test.ts', 'web', false),
      file('apps/server/mid.test.ts', 'server', false),
    ];
    const seconds = {
      'packages/a/one.test.ts': 30,
      'packages/a/two.test.ts': 100,
      'apps/server/small.test.ts': 1,
      'apps/server/big.test.ts': 60,
      'apps/server/mid.test.ts': 40,
      'apps/web/w.test.ts': 50,
    };
    expect(order(files, seconds)).toEqual([
      'packages/a/two.test.ts',
      'apps/server/big.test.ts',
      'apps/server/mid.test.ts',
      'apps/server/small.test.ts',
      'apps/web/w.test.ts',
      'packages/a/one.test.ts',
    ]);
  });

  it('reads the committed table, which knows the longest files of both runs', () => {
    const seconds = measuredSeconds();
    expect(seconds['apps/server/test/explorer-store.test.ts']).toBeGreaterThan(0);
    expect(Object.keys(seconds).some((path) => path.startsWith('apps/web/e2e/'))).toBe(true);
  });
});

describe('test-durations.mjs', () => {
  const here = new Set(['apps/server/test/a.test.ts', 'apps/web/e2e/b.e2e.test.ts', 'packages/x/c.test.ts']);
  const exists = (path: string) => here.has(path);

  it("names a report's file by the longest ending of its path that is a file of the repository", () => {
    expect(inRepository('/tmp/ci.x/plumbline/apps/server/test/a.test.ts', exists)).toBe(
      'apps/server/test/a.test.ts',
    );
    expect(inRepository('/tmp/ci.x/plumbline/apps/server/test/gone.test.ts', exists)).toBeNull();
  });

  it("sets the reports' files, keeps the others and drops files no longer there, longest first", () => {
    const previous = { 'apps/web/e2e/b.e2e.test.ts': 40, 'packages/x/c.test.ts': 9, 'deleted.test.ts': 99 };
    const report = {
      testResults: [
        { name: '/ci/plumbline/packages/x/c.test.ts', startTime: 1_000, endTime: 3_600 },
        { name: '/ci/plumbline/apps/server/test/a.test.ts', startTime: 0, endTime: 202_400 },
      ],
    };
    const merged = mergedDurations(previous, [report], exists);
    expect(Object.entries(merged)).toEqual([
      ['apps/server/test/a.test.ts', 202],
      ['apps/web/e2e/b.e2e.test.ts', 40],
      ['packages/x/c.test.ts', 3],
    ]);
  });
});
