import { describe, expect, it } from 'vitest';
import { keepCompact } from '../check/part-results';
import type { CheckReport, ElementResult, SpecificationResult } from '../results';
import { manyFailuresReport } from './fixtures';
import { summarize } from './summary';

const base = manyFailuresReport(0).specifications[0] as SpecificationResult;

/** A specification failing `ids`, kept compact as the check keeps it (Uint32Array ids) or as plain elements. */
function failing(ids: readonly number[], compact: boolean): SpecificationResult {
  const elements: ElementResult[] = ids.map((id) => ({
    id,
    globalId: null,
    className: 'IFCDOOR',
    name: null,
    failures: [],
  }));
  const specification: SpecificationResult = {
    ...base,
    status: ids.length > 0 ? 'fail' : 'pass',
    applicableCount: ids.length,
    failedCount: ids.length,
    failingElements: elements,
  };
  if (!compact) return specification;
  const identities = new Map(elements.map((e) => [e.id, e]));
  return keepCompact(
    specification,
    { ids: Uint32Array.from(ids), failures: elements.map((e) => e.failures) },
    identities,
  );
}

const report = (specifications: SpecificationResult[]): CheckReport => ({
  ...manyFailuresReport(0),
  specifications,
});

describe('summarize', () => {
  it("counts distinct failing elements over specifications, from the check's compact lists and from plain ones", () => {
    // Ids 0, 7, 8, 9, 63, 64, 1000: bits at both ends of a byte and in the same byte, seven in all.
    const lists = [[0, 7, 8, 64, 1000], [7, 8, 9, 63], [], [0, 1000]];
    for (const compact of [true, false]) {
      const summary = summarize(report(lists.map((ids) => failing(ids, compact))));
      expect(summary.failingElements).toBe(7);
      expect(summary.checksFailed).toBe(11);
      expect(summary.specificationsPassed).toBe(1);
    }
    // Compact and plain mixed, and STEP ids past the bitmap's range: counted all the same.
    const mixed = report([failing([5, 2 ** 31], true), failing([5, 6], false), failing([2 ** 31], true)]);
    expect(summarize(mixed).failingElements).toBe(3);
    const large = report([failing([3, 2 ** 30, 2 ** 32 - 1], true), failing([2 ** 32 - 1], true)]);
    expect(summarize(large).failingElements).toBe(3);
  });
});
