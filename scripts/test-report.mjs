// Reading the JSON reports `npm test` writes (vitest's `json` reporter, one per run): the counts of the
// closing summary and the names of what failed, printed just above it because CI keeps only a log's tail.
import { relative } from 'node:path';

/**
 * A file that failed with no failed test in it: it did not load, or a hook (beforeAll, afterAll) threw,
 * which leaves its tests skipped or passed.
 * @param {any} file
 */
function failedOutsideTests(file) {
  return (
    file.status === 'failed' &&
    !(file.assertionResults ?? []).some((/** @type {any} */ test) => test.status === 'failed')
  );
}

/**
 * Passed, failed and skipped tests of one report; a file that failed outside its tests counts as one
 * failure, since it holds no failed test result.
 * @param {any} report
 */
export function reportCounts(report) {
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + (report.testResults ?? []).filter(failedOutsideTests).length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/**
 * One line per failed test (`file > describe > title`) and per file that failed outside its tests
 * (`file: did not load: first line of its error`), files relative to `root`, in the report's order.
 * @param {any} report
 * @param {string} root
 * @returns {string[]}
 */
export function failureNames(report, root) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = relative(root, String(file.name ?? '')) || String(file.name);
    if (failedOutsideTests(file)) {
      const what = (file.assertionResults ?? []).length === 0 ? 'did not load' : 'failed outside its tests';
      const reason = String(file.message ?? '')
        .split('\n')
        .find((line) => line.trim() !== '');
      names.push(`${path}: ${what}${reason ? `: ${reason.trim()}` : ''}`);
      continue;
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        names.push([path, ...(test.ancestorTitles ?? []), test.title].join(' > '));
    }
  }
  return names;
}
