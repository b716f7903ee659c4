import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { FacetFailureCount } from './result-columns';

const INSERT_ROWS = 1000;

/**
 * How many of one specification's elements fail each of its requirement facets (decision 0085),
 * read from the engine's structured failures while the results are built: an element failing one
 * facet twice counts once for it; passing elements count for none.
 */
export function countFacetFailures(
  specificationId: string,
  elements: ReadonlyArray<{ passed: boolean; failures: ReadonlyArray<{ facetIndex: number }> }>,
): FacetFailureCount[] {
  const byIndex = new Map<number, number>();
  for (const element of elements) {
    if (element.passed) continue;
    for (const facetIndex of new Set(element.failures.map((f) => f.facetIndex))) {
      byIndex.set(facetIndex, (byIndex.get(facetIndex) ?? 0) + 1);
    }
  }
  return [...byIndex].map(([facetIndex, failed]) => ({ specificationId, facetIndex, failed }));
}

/** Replaces the version's per-facet failure counts, inside the transaction that writes its results. */
export async function writeFacetFailures(
  tx: Database,
  versionId: string,
  rows: readonly FacetFailureCount[],
): Promise<void> {
  await tx.execute(sql`delete from specification_facet_failures where file_version_id = ${versionId}`);
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const batch = rows.slice(i, i + INSERT_ROWS);
    await tx.execute(sql`
      insert into specification_facet_failures (file_version_id, specification_id, facet_index, failed_count)
      select ${versionId}::uuid, s, f, n
      from unnest(${sql.param(batch.map((b) => b.specificationId))}::uuid[], ${sql.param(batch.map((b) => b.facetIndex))}::int4[], ${sql.param(batch.map((b) => b.failed))}::int4[]) as t(s, f, n)`);
  }
}
