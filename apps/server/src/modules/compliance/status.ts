import type { ComplianceStatus } from '@plumbline/contracts';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Ranks order statuses from best to worst: an element's overall status is its highest rank. A waived
 * failure (issue 32) ranks above passed and below every unwaived failure (drizzle/0044).
 */
export const STATUS_RANK: Record<ComplianceStatus, number> = {
  not_applicable: 0,
  passed: 1,
  waived: 2,
  warning: 3,
  failed: 4,
};
export const STATUS_BY_RANK: readonly ComplianceStatus[] = [
  'not_applicable',
  'passed',
  'waived',
  'warning',
  'failed',
];

/**
 * Whether an approved waiver covers the element_results row `er` (waivers/apply.ts writes
 * waived_results): the rule's waiver input. Read only for failing rows (the rule tests `passed` first).
 */
export function waivedSql(er: SQL): SQL {
  return sql`exists (select 1 from waived_results wr where wr.file_version_id = ${er}.file_version_id
    and wr.specification_id = ${er}.specification_id and wr.element_step_id = ${er}.element_step_id)`;
}

/**
 * The status rank (STATUS_RANK) of an element_results row `er` whose specification has `n` requirement
 * facets: the SQL function `compliance_status_rank` (drizzle/0031, waiver input since 0044), the
 * warning rule's one definition (spec 2 §4, decisions 0081, 0268). Every status the server reports,
 * counted or listed, comes through it. `waived` defaults to the row's waiver cover.
 */
export function statusRankSql(er: SQL, n: SQL, waived: SQL = waivedSql(er)): SQL {
  return sql`compliance_status_rank(${er}.passed, jsonb_array_length(${er}.failures), ${n}, ${waived})`;
}

/** A failing row no approved waiver covers: what counts as a failure in lists, sheets and BCF. */
export function unwaivedFailureSql(er: SQL): SQL {
  return sql`(not ${er}.passed and not ${waivedSql(er)})`;
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
