import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = join(import.meta.dirname, '..');

/**
 * Seconds each test file took in a measured run, by its path in the repository (test-durations.json,
 * written by `node scripts/test-durations.mjs REPORT.json…` from the JSON reports `npm test` writes).
 * A clean clone has no vitest cache to go by, hence a table in the repository.
 */
export function measuredSeconds(): Record<string, number> {
  return JSON.parse(readFileSync(join(root, 'scripts/test-durations.json'), 'utf8')) as Record<
    string,
    number
  >;
}

/** What the order needs of a file: where it is and whether its project shares a worker between files. */
export interface SequencedFile {
  moduleId: string;
  project: { name: string; config: { isolate: boolean } };
}

/**
 * Longest first (decisions 0205, 0461): the worker slots then finish together instead of one running
 * the slowest file alone at the end. A file missing from `seconds` counts as the longest (vitest also
 * runs unknown files first). The files of a project run with `isolate: false` stay together, longest
 * first, where their longest file puts them: vitest hands a worker the next file of the same project
 * without importing its modules again only while the next file in the queue is of that project
 * (decision 0419).
 */
export function longestFirst<T extends SequencedFile>(
  files: readonly T[],
  seconds: Record<string, number>,
): T[] {
  const of = (file: T) => seconds[relative(root, file.moduleId)] ?? Number.POSITIVE_INFINITY;
  const groupOf = (file: T) =>
    file.project.config.isolate ? `file ${file.moduleId}` : `project ${file.project.name}`;
  const longestOfGroup = new Map<string, number>();
  for (const file of files) {
    const group = groupOf(file);
    longestOfGroup.set(group, Math.max(longestOfGroup.get(group) ?? Number.NEGATIVE_INFINITY, of(file)));
  }
  const rank = (file: T) => longestOfGroup.get(groupOf(file)) as number;
  return [...files].sort(
    (a, b) =>
      rank(b) - rank(a) ||
      groupOf(a).localeCompare(groupOf(b)) ||
      of(b) - of(a) ||
      a.moduleId.localeCompare(b.moduleId),
  );
}

/** The sequencer of both test runs: the unit run's (root vitest.config.ts) and the e2e run's. */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return longestFirst(files, measuredSeconds());
  }
}
