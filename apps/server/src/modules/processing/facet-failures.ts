import { sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import type { ResultColumns } from './result-columns';

const FACET_INDEX = /"facetIndex":(\d+)/g;
const INSERT_ROWS = 1000;

/**
 * Per specification and requirement facet, how many elements fail it, counted from the result
 * columns just written (decision 0085): the failures of each failed element are JSON text; their
 * facet indexes are read with a regular expression rather than parsed in full.
 */
export function countFacetFailures(
  results: ResultColumns,
): Array<{ specificationId: string; facetIndex: number; failed: number }> {
  const counts = new Map<string, Map<number, number>>();
  const r = results.elements;
  for (let i = 0; i < r.passed.length; i++) {
    if (r.passed[i]) continue;
    const specificationId = r.specificationId[i] as string;
    let bySpec = counts.get(specificationId);
    if (!bySpec) {
      bySpec = new Map();
      counts.set(specificationId, bySpec);
    }
    // An element failing one facet twice still counts once for it.
    const seen = new Set<number>();
    for (const match of (r.failures[i] as string).matchAll(FACET_INDEX)) seen.add(Number(match[1]));
    for (const index of seen) bySpec.set(index, (bySpec.get(index) ?? 0) + 1);
  }
  return [...counts].flatMap(([specificationId, byIndex]) =>
    [...byIndex].map(([facetIndex, failed]) => ({ specificationId, facetIndex, failed })),
  );
}

/** Replaces the version's per-facet failure counts, inside the transaction that writes its results. */
export async function writeFacetFailures(
  tx: Database,
  versionId: string,
  results: ResultColumns,
): Promise<void> {
  await tx.execute(sql`delete from specification_facet_failures where file_version_id = ${versionId}`);
  const rows = countFacetFailures(results);
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const batch = rows.slice(i, i + INSERT_ROWS);
    await tx.execute(sql`
      insert into specification_facet_failures (file_version_id, specification_id, facet_index, failed_count)
      select ${versionId}::uuid, s, f, n
      from unnest(${sql.param(batch.map((b) => b.specificationId))}::uuid[], ${sql.param(batch.map((b) => b.facetIndex))}::int4[], ${sql.param(batch.map((b) => b.failed))}::int4[]) as t(s, f, n)`);
  }
}
