import { describe, expect, it } from 'vitest';
import { countFacetFailures } from './facet-failures';

describe('countFacetFailures', () => {
  it('counts failing elements per facet, once per element', () => {
    const element = (...indexes: number[]) => ({
      failures: indexes.map((facetIndex) => ({ facetIndex, type: 'property', reason: 'x "facetIndex":9' })),
    });
    expect(countFacetFailures('a', [element(0, 2, 2), element(2), element()])).toEqual([
      { specificationId: 'a', facetIndex: 0, failed: 1 },
      { specificationId: 'a', facetIndex: 2, failed: 2 },
    ]);
    expect(countFacetFailures('b', [])).toEqual([]);
  });
});
