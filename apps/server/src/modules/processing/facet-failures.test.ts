import { describe, expect, it } from 'vitest';
import { countFacetFailures } from './facet-failures';

describe('countFacetFailures', () => {
  it('counts failed elements per specification and facet, once per element, ignoring passed ones', () => {
    const f = (...indexes: number[]) =>
      JSON.stringify(
        indexes.map((facetIndex) => ({ facetIndex, type: 'property', reason: 'x "facetIndex":9' })),
      );
    const counts = countFacetFailures({
      specifications: [],
      elements: {
        specificationId: ['a', 'a', 'a', 'b'],
        elementStepId: [1, 2, 3, 1],
        passed: [false, false, true, false],
        failures: [f(0, 2, 2), f(2), '[]', f(1)],
      },
    });
    expect(counts).toEqual([
      { specificationId: 'a', facetIndex: 0, failed: 1 },
      { specificationId: 'a', facetIndex: 2, failed: 2 },
      { specificationId: 'b', facetIndex: 1, failed: 1 },
    ]);
  });
});
