import { describe, expect, it } from 'vitest';
import { countFacetFailures } from './facet-failures';

describe('countFacetFailures', () => {
  it('counts failed elements per facet, once per element, ignoring passed ones', () => {
    const element = (passed: boolean, ...indexes: number[]) => ({
      passed,
      failures: indexes.map((facetIndex) => ({ facetIndex, type: 'property', reason: 'x "facetIndex":9' })),
    });
    expect(countFacetFailures('a', [element(false, 0, 2, 2), element(false, 2), element(true)])).toEqual([
      { specificationId: 'a', facetIndex: 0, failed: 1 },
      { specificationId: 'a', facetIndex: 2, failed: 2 },
    ]);
    expect(countFacetFailures('b', [element(true, 1)])).toEqual([]);
  });
});
