import type { ComplianceStatus } from '@plumbline/contracts';
import { type SQL, sql } from 'drizzle-orm';

/** Ranks order statuses from best to worst: an element's overall status is its highest rank. */
export const STATUS_RANK: Record<ComplianceStatus, number> = {
  not_applicable: 0,
  passed: 1,
  warning: 2,
  failed: 3,
};
export const STATUS_BY_RANK: readonly ComplianceStatus[] = ['not_applicable', 'passed', 'warning', 'failed'];

/**
 * The status rank (STATUS_RANK) of an element_results row `er` whose specification has `n` requirement
 * facets: the SQL function `compliance_status_rank` (drizzle/0031), the warning rule's one definition
 * (spec 2 §4, decision 0081). Every status the server reports, counted or listed, comes through it.
 */
export function statusRankSql(er: SQL, n: SQL): SQL {
  return sql`compliance_status_rank(${er}.passed, jsonb_array_length(${er}.failures), ${n})`;
}

/**
 * The requirement count of an element_results row `er`'s specification, looked up in two parameter
 * arrays. One function call whatever the number of specifications: PostgreSQL inlines the status
 * function only while an argument it uses several times is cheap, and a `case` with a branch per
 * specification is not (test/warning-rule.test.ts checks the plan).
 */
export function requirementCountSql(
  specs: ReadonlyArray<{ id: string; requirementCount: number }>,
  er: SQL = sql`er`,
): SQL {
  const ids = sql.param(specs.map((s) => s.id));
  const counts = sql.param(specs.map((s) => s.requirementCount));
  return sql`(${counts}::int[])[array_position(${ids}::uuid[], ${er}.specification_id)]`;
}
