import { type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import { STATUS_RANK } from '../compliance';

/** A version's overview figures (decision 0096 for the property categories, 0168 for storing them). */
export interface VersionTotals {
  /** Applicable element × specification pairs, and those that passed. */
  applicablePairs: number;
  passedPairs: number;
  /** Applicable element × required property facet pairs (decision 0096). */
  checked: number;
  /** Of those: the property is absent, present without a value, or failing in any way. */
  missing: number;
  empty: number;
  failed: number;
  /** Elements applicable to at least one specification, and those failing none. */
  applicableElements: number;
  compliantElements: number;
  /**
   * Elements by their worst status rank over every specification (element_compliance, decision 0173):
   * the IDS Compliance cards' counts, stored so the Overview reads no per-element row.
   */
  passedElements: number;
  /** Elements whose worst status is waived (issue 32): apart from passed and failed. */
  waivedElements: number;
  warningElements: number;
  failedElements: number;
}

export const ZERO_TOTALS: VersionTotals = {
  applicablePairs: 0,
  passedPairs: 0,
  checked: 0,
  missing: 0,
  empty: 0,
  failed: 0,
  applicableElements: 0,
  compliantElements: 0,
  passedElements: 0,
  waivedElements: 0,
  warningElements: 0,
  failedElements: 0,
};

const uuidArray = (ids: readonly string[]) => sql`${sql.param([...ids])}::uuid[]`;

/**
 * The one definition of the figures, from the stored results only: specification_results for the
 * pairs, the facet failures of failed element_results for the property categories (a required
 * property facet yields at most one failure per element), element_results for the elements.
 * element_properties is never read. One row per given version, zeros where it has no results.
 */
function totalsQuery(versionIds: readonly string[]): SQL {
  const ids = uuidArray(versionIds);
  return sql`
    select v.id as file_version_id,
      coalesce(p.applicable, 0)::bigint as applicable_pairs, coalesce(p.passed, 0)::bigint as passed_pairs,
      coalesce(p.checked, 0)::bigint as checked,
      coalesce(f.missing, 0)::bigint as missing, coalesce(f.empty, 0)::bigint as empty,
      coalesce(f.failed, 0)::bigint as failed,
      coalesce(el.applicable, 0)::bigint as applicable_elements,
      coalesce(el.compliant, 0)::bigint as compliant_elements,
      coalesce(ec.passed, 0)::bigint as passed_elements, coalesce(ec.warning, 0)::bigint as warning_elements,
      coalesce(ec.failed, 0)::bigint as failed_elements, coalesce(ec.waived, 0)::bigint as waived_elements
    from unnest(${ids}) as v(id)
    left join (
      select sr.file_version_id as id, sum(sr.applicable_count) as applicable, sum(sr.passed_count) as passed,
        sum(sr.applicable_count * (select count(*) from jsonb_array_elements(s.requirement_facets) rf
          where rf->>'facet_type' = 'property' and rf->>'cardinality' = 'required')) as checked
      from specification_results sr join ids_specifications s on s.id = sr.specification_id
      where sr.file_version_id = any(${ids})
      group by sr.file_version_id
    ) p on p.id = v.id
    left join (
      select er.file_version_id as id,
        count(*) filter (where fa->>'outcome' = 'absent') as missing,
        count(*) filter (where fa->>'outcome' = 'empty') as empty,
        count(*) as failed
      from element_results er
      join ids_specifications s on s.id = er.specification_id
      cross join lateral jsonb_array_elements(er.failures) fa
      where er.file_version_id = any(${ids}) and not er.passed
        and fa->>'type' = 'property'
        and s.requirement_facets -> ((fa->>'facetIndex')::int) ->> 'cardinality' = 'required'
      group by er.file_version_id
    ) f on f.id = v.id and p.id is not null
    left join (
      select per_element.id, count(*) as applicable, count(*) filter (where all_passed) as compliant
      from (select er.file_version_id as id, bool_and(er.passed) as all_passed from element_results er
        where er.file_version_id = any(${ids})
        group by er.file_version_id, er.element_step_id) per_element
      group by per_element.id
    ) el on el.id = v.id
    left join (
      select c.file_version_id as id, count(*) filter (where c.status = ${STATUS_RANK.passed}) as passed,
        count(*) filter (where c.status = ${STATUS_RANK.waived}) as waived,
        count(*) filter (where c.status = ${STATUS_RANK.warning}) as warning,
        count(*) filter (where c.status = ${STATUS_RANK.failed}) as failed
      from element_compliance c where c.file_version_id = any(${ids})
      group by c.file_version_id
    ) ec on ec.id = v.id`;
}

function toTotals(r: Record<string, unknown>): VersionTotals {
  return {
    applicablePairs: Number(r.applicable_pairs),
    passedPairs: Number(r.passed_pairs),
    checked: Number(r.checked),
    missing: Number(r.missing),
    empty: Number(r.empty),
    failed: Number(r.failed),
    applicableElements: Number(r.applicable_elements),
    compliantElements: Number(r.compliant_elements),
    passedElements: Number(r.passed_elements),
    waivedElements: Number(r.waived_elements),
    warningElements: Number(r.warning_elements),
    failedElements: Number(r.failed_elements),
  };
}

/** The figures worked out now from the results (what the stored rows must equal). */
export async function computeVersionTotals(
  db: Database,
  versionIds: readonly string[],
): Promise<Map<string, VersionTotals>> {
  if (versionIds.length === 0) return new Map();
  const rows = await rowsOf<Record<string, unknown>>(db, totalsQuery(versionIds));
  return new Map(rows.map((r) => [String(r.file_version_id), toTotals(r)]));
}

/**
 * Writes the versions' figures in the caller's transaction: after their results are replaced, and
 * after a change to specifications they were checked against (an IDS file deleted, a requirement added).
 */
export async function refreshVersionTotals(tx: Database, versionIds: readonly string[]): Promise<void> {
  if (versionIds.length === 0) return;
  await tx.execute(sql`
    insert into version_result_totals (file_version_id, applicable_pairs, passed_pairs, checked, missing,
      empty, failed, applicable_elements, compliant_elements, passed_elements, warning_elements, failed_elements,
      waived_elements)
    select t.* from (${totalsQuery(versionIds)}) t
    join file_versions fv on fv.id = t.file_version_id
    on conflict (file_version_id) do update set applicable_pairs = excluded.applicable_pairs,
      passed_pairs = excluded.passed_pairs, checked = excluded.checked, missing = excluded.missing,
      empty = excluded.empty, failed = excluded.failed, applicable_elements = excluded.applicable_elements,
      compliant_elements = excluded.compliant_elements, passed_elements = excluded.passed_elements,
      warning_elements = excluded.warning_elements, failed_elements = excluded.failed_elements,
      waived_elements = excluded.waived_elements`);
}

/** Versions with results against any of the specifications (whose figures change with them). */
export async function versionsCheckedAgainst(tx: Database, specificationIds: SQL): Promise<string[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select distinct sr.file_version_id as id from specification_results sr
        where sr.specification_id in (${specificationIds})`,
  );
  return rows.map((r) => String(r.id));
}

/**
 * The stored figures of the versions; a version without a row (processed before they were stored)
 * is worked out from its results with the same definition.
 */
export async function readVersionTotals(
  db: Database,
  versionIds: readonly string[],
): Promise<Map<string, VersionTotals>> {
  const out = new Map<string, VersionTotals>();
  if (versionIds.length === 0) return out;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * from version_result_totals where file_version_id = any(${uuidArray(versionIds)})`,
  );
  for (const r of rows) out.set(String(r.file_version_id), toTotals(r));
  const missing = versionIds.filter((id) => !out.has(id));
  for (const [id, totals] of await computeVersionTotals(db, missing)) out.set(id, totals);
  return out;
}
