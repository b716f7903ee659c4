import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FILE_SECONDS } from './durations';

/**
 * Longest file first, by the durations measured in `durations.ts`, so the two worker slots finish
 * together instead of one running the slowest file alone at the end (decision 0205). A file not in the
 * table runs first (as vitest runs unknown files first). A clean clone has no vitest cache to go by,
 * hence a table in the repository; `node scripts/e2e-durations.mjs REPORT.json` rewrites it from a
 * JSON report (`--reporter=json --outputFile.json=REPORT.json`).
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const of = (file: TestSpecification) => FILE_SECONDS[basename(file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => of(b) - of(a) || a.moduleId.localeCompare(b.moduleId));
  }
}
