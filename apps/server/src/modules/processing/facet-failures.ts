import type { specificationFacetFailures } from '../../schema';
import type { VersionRows } from './output-writer';
import type { FacetFailureCount, ResultColumns } from './result-columns';

/**
 * How many of one specification's failing elements fail each of its requirement facets (decision
 * 0085), read from the engine's structured failures while the results are built: an element
 * failing one facet twice counts once for it.
 */
export function countFacetFailures(
  specificationId: string,
  failingElements: ReadonlyArray<{ failures: ReadonlyArray<{ facetIndex: number }> }>,
): FacetFailureCount[] {
  const byIndex = new Map<number, number>();
  for (const element of failingElements) {
    for (const facetIndex of new Set(element.failures.map((f) => f.facetIndex))) {
      byIndex.set(facetIndex, (byIndex.get(facetIndex) ?? 0) + 1);
    }
  }
  return [...byIndex].map(([facetIndex, failed]) => ({ specificationId, facetIndex, failed }));
}

/** The results' per-facet failure counts as specification_facet_failures rows (output-writer.ts). */
export function facetFailureRows(
  results: Pick<ResultColumns, 'facetFailures'>,
): VersionRows<typeof specificationFacetFailures> {
  const rows = results.facetFailures;
  return {
    specificationId: rows.map((r) => r.specificationId),
    facetIndex: rows.map((r) => r.facetIndex),
    failedCount: rows.map((r) => r.failed),
  };
}
