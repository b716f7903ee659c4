import type { ComplianceStatus } from '@plumbline/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * One element's status against one specification (spec 2 §4, decision 0081). The 'per
 * specification score' is the share of the specification's requirement facets the element meets:
 * - it meets them all (the engine passed it): passed; a specification requiring nothing: not_applicable
 * - it fails some: warning when it still meets at least half of them, failed below half
 * - it fails without a failing facet (it matched a prohibited specification): failed
 * A failing element is never 'passed', whatever its score: the engine's verdict stands.
 */
export function resultStatus(
  passed: boolean,
  failedFacets: number,
  requirementCount: number,
): ComplianceStatus {
  if (passed) return requirementCount === 0 ? 'not_applicable' : 'passed';
  if (requirementCount === 0 || failedFacets === 0) return 'failed';
  return (requirementCount - failedFacets) * 2 >= requirementCount ? 'warning' : 'failed';
}

/** Ranks order statuses from best to worst: an element's overall status is its highest rank. */
export const STATUS_RANK: Record<ComplianceStatus, number> = {
  not_applicable: 0,
  passed: 1,
  warning: 2,
  failed: 3,
};
export const STATUS_BY_RANK: readonly ComplianceStatus[] = ['not_applicable', 'passed', 'warning', 'failed'];

/** `resultStatus` as a SQL rank, for an element_results row `er` and its requirement count `n`. */
export function statusRankSql(er: SQL, n: SQL): SQL {
  const failures = sql`jsonb_array_length(${er}.failures)`;
  return sql`(case when ${er}.passed then (case when ${n} = 0 then 0 else 1 end)
    when ${n} > 0 and ${failures} > 0 and (${n} - ${failures}) * 2 >= ${n} then 2 else 3 end)`;
}
