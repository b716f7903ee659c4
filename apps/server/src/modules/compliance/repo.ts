import type { FailureOutcomeDto, IdsFacet } from '@plumbline/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import { idsFiles, idsSpecifications } from '../../schema';
import type { StoredFailure } from './failure-text';
import { requirementCountSql, STATUS_RANK, statusRankSql } from './status';

/**
 * The only code of the compliance reads that touches the database. Every element_results query is
 * bounded by `file_version_id` (and `specification_id` where known), the leading columns of its
 * primary key, so a version's rows are read through that index, never the whole table.
 */

/** node-postgres parses json and jsonb; a value cast to text arrives as a string. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface SpecificationRow {
  id: string;
  idsFileId: string;
  idsFileName: string;
  position: number;
  name: string;
  description: string | null;
  identifier: string | null;
  instructions: string | null;
  ifcVersions: string[];
  minOccurs: number;
  maxOccurs: number | null;
  cardinality: 'required' | 'optional' | 'prohibited';
  applicabilityFacets: IdsFacet[];
  requirementFacets: IdsFacet[];
}

/** Specifications of the project's active IDS files, by file name then position in the file. */
export async function listActiveSpecifications(db: Database, projectId: string): Promise<SpecificationRow[]> {
  const rows = await db
    .select({
      id: idsSpecifications.id,
      idsFileId: idsSpecifications.idsFileId,
      idsFileName: idsFiles.name,
      position: idsSpecifications.position,
      name: idsSpecifications.name,
      description: idsSpecifications.description,
      identifier: idsSpecifications.identifier,
      instructions: idsSpecifications.instructions,
      ifcVersions: idsSpecifications.ifcVersions,
      minOccurs: idsSpecifications.minOccurs,
      maxOccurs: idsSpecifications.maxOccurs,
      cardinality: idsSpecifications.cardinality,
      applicabilityFacets: idsSpecifications.applicabilityFacets,
      requirementFacets: idsSpecifications.requirementFacets,
    })
    .from(idsSpecifications)
    .innerJoin(idsFiles, eq(idsFiles.id, idsSpecifications.idsFileId))
    .where(and(eq(idsFiles.projectId, projectId), eq(idsFiles.isActive, true)))
    .orderBy(asc(idsFiles.name), asc(idsFiles.createdAt), asc(idsSpecifications.position));
  return rows;
}

/** A specification as the status queries need it: its id and how many requirement facets it has. */
export interface SpecificationRequirements {
  id: string;
  requirementCount: number;
}

function inSpecs(specs: readonly SpecificationRequirements[]): SQL {
  return sql`er.specification_id in (${sql.join(
    specs.map((s) => sql`${s.id}::uuid`),
    sql`, `,
  )})`;
}

/**
 * Writes a version's compliance summaries from its element results and per-facet failure counts
 * (specification_facet_failures), in the caller's transaction (processing calls it whenever it has
 * replaced both, waivers/apply.ts whenever the waived results change): per specification the failing
 * elements that are warnings, those waived (issue 32), those missing a
 * required value and the requirement facets failed; per element its worst status, by the one status
 * rule (statusRankSql).
 */
export async function writeComplianceSummaries(tx: Database, versionId: string): Promise<void> {
  // The per-element aggregate of a 200 MB model (458,622 results) spilled to disk at the default 4 MB.
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(sql`delete from specification_compliance where file_version_id = ${versionId}`);
  await tx.execute(sql`delete from element_compliance where file_version_id = ${versionId}`);
  const n = sql`jsonb_array_length(s.requirement_facets)`;
  const rank = statusRankSql(sql`er`, n);
  await tx.execute(sql`
    insert into specification_compliance
      (file_version_id, specification_id, warning_count, unpopulated_count, failed_facet_count, waived_count)
    select ${versionId}, c.specification_id, c.warning, c.unpopulated, coalesce(f.n, 0), c.waived
    from (
      select er.specification_id,
        count(*) filter (where ${rank} = ${STATUS_RANK.warning})::int as warning,
        count(*) filter (where ${rank} = ${STATUS_RANK.waived})::int as waived,
        count(*) filter (where jsonb_path_exists(er.failures, '$[*] ? (!(exists(@.actualValue)))'))::int
          as unpopulated
      from element_results er join ids_specifications s on s.id = er.specification_id
      where er.file_version_id = ${versionId} and not er.passed
      group by er.specification_id
    ) c left join (
      -- The facets failed, from the per-facet counts written just before (no second pass over failures).
      select ff.specification_id, count(*)::int as n from specification_facet_failures ff
      where ff.file_version_id = ${versionId} and ff.failed_count > 0
      group by ff.specification_id
    ) f on f.specification_id = c.specification_id`);
  await tx.execute(sql`
    insert into element_compliance (file_version_id, element_step_id, status)
    select ${versionId}, er.element_step_id, max(${rank})
    from element_results er join ids_specifications s on s.id = er.specification_id
    where er.file_version_id = ${versionId}
    group by er.element_step_id
    having max(${rank}) > 0
    order by er.element_step_id`);
}

export interface SpecificationCountsRow {
  specificationId: string;
  applicable: number;
  /** Elements meeting every requirement (the engine's passed count). */
  compliant: number;
  /** Elements with status passed (none when the specification requires nothing). */
  passed: number;
  /** Failing elements an approved waiver covers (issue 32), apart from warning and failed. */
  waived: number;
  warning: number;
  failed: number;
  /** Applicable elements with no requirement failed for a missing value. */
  populated: number;
  /** Requirement facets (by index) some applicable element failed. */
  failedFacets: number;
}

/** Per specification of the version: the engine's counts and the stored summaries (a row each). */
export async function specificationCounts(
  db: Database,
  versionId: string,
): Promise<SpecificationCountsRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select sr.specification_id, sr.applicable_count, sr.passed_count, sr.failed_count,
          jsonb_array_length(s.requirement_facets) as n, coalesce(sc.warning_count, 0) as warning,
          coalesce(sc.unpopulated_count, 0) as unpopulated, coalesce(sc.failed_facet_count, 0) as failed_facets,
          coalesce(sc.waived_count, 0) as waived
        from specification_results sr join ids_specifications s on s.id = sr.specification_id
          left join specification_compliance sc
            on sc.file_version_id = sr.file_version_id and sc.specification_id = sr.specification_id
        where sr.file_version_id = ${versionId}`,
  );
  return rows.map((r) => {
    const passedCount = Number(r.passed_count);
    const warning = Number(r.warning);
    const waived = Number(r.waived);
    return {
      specificationId: r.specification_id as string,
      applicable: Number(r.applicable_count),
      compliant: passedCount,
      // Passing elements of a specification that requires nothing are not applicable (decision 0081).
      passed: Number(r.n) === 0 ? 0 : passedCount,
      waived,
      warning,
      failed: Number(r.failed_count) - warning - waived,
      populated: Number(r.applicable_count) - Number(r.unpopulated),
      failedFacets: Number(r.failed_facets),
    };
  });
}

/** Each element's status against one specification, above not_applicable. */
function specificationRanks(versionId: string, spec: SpecificationRequirements): SQL {
  const rank = statusRankSql(sql`er`, requirementCountSql([spec]));
  return sql`select er.element_step_id, ${rank} as rank from element_results er
    where er.file_version_id = ${versionId} and er.specification_id = ${spec.id} and ${rank} > 0`;
}

/** Element statuses: against one specification, or each element's worst (element_compliance). */
function elementRanks(versionId: string, spec: SpecificationRequirements | undefined): SQL {
  if (spec) return specificationRanks(versionId, spec);
  return sql`select ec.element_step_id, ec.status as rank from element_compliance ec
    where ec.file_version_id = ${versionId}`;
}

/** Every element with a status other than not_applicable, ascending by STEP id. */
export async function elementStatuses(
  db: Database,
  versionId: string,
  spec: SpecificationRequirements | undefined,
): Promise<{ stepIds: number[]; ranks: number[] }> {
  const rows = await rowsOf<{ element_step_id: number; rank: number }>(
    db,
    sql`select r.element_step_id, r.rank from (${elementRanks(versionId, spec)}) r order by r.element_step_id`,
  );
  return { stepIds: rows.map((r) => Number(r.element_step_id)), ranks: rows.map((r) => Number(r.rank)) };
}

/** How many elements have each status rank (1 passed, 2 warning, 3 failed). */
export async function elementStatusCounts(
  db: Database,
  versionId: string,
  spec: SpecificationRequirements | undefined,
): Promise<Map<number, number>> {
  // Each element's worst status is counted once, when the version's totals are stored (overview
  // totals.ts, from element_compliance with the same ranks, refreshed by waivers): counting 200,000
  // rows on every read made the file's compliance route 15 times slower.
  if (!spec) {
    const [stored] = await rowsOf<Record<string, unknown>>(
      db,
      sql`select passed_elements, waived_elements, warning_elements, failed_elements
        from version_result_totals where file_version_id = ${versionId}`,
    );
    if (stored) {
      return new Map([
        [STATUS_RANK.passed, Number(stored.passed_elements)],
        [STATUS_RANK.waived, Number(stored.waived_elements)],
        [STATUS_RANK.warning, Number(stored.warning_elements)],
        [STATUS_RANK.failed, Number(stored.failed_elements)],
      ]);
    }
  }
  const rows = await rowsOf<{ rank: number; n: number }>(
    db,
    sql`select r.rank, count(*)::int as n from (${elementRanks(versionId, spec)}) r group by r.rank`,
  );
  return new Map(rows.map((r) => [Number(r.rank), Number(r.n)]));
}

export interface ResultRow {
  stepId: number;
  globalId: string | null;
  name: string | null;
  ifcClass: string | null;
  rank: number;
  specificationId: string | null;
}

function toResultRow(r: Record<string, unknown>): ResultRow {
  return {
    stepId: Number(r.element_step_id),
    globalId: (r.global_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    ifcClass: (r.ifc_class as string | null) ?? null,
    rank: Number(r.rank),
    specificationId: (r.specification_id as string | null) ?? null,
  };
}

/**
 * A page of element × specification results above not_applicable (of the given specifications,
 * optionally one status) in primary-key order (specification, STEP id): the scan walks the primary
 * key and stops at the page's end.
 */
export async function listResults(
  db: Database,
  input: {
    versionId: string;
    specs: readonly SpecificationRequirements[];
    rank?: number;
    offset: number;
    limit: number;
  },
): Promise<ResultRow[]> {
  if (input.specs.length === 0) return [];
  const rank = statusRankSql(sql`er`, requirementCountSql(input.specs));
  const byRank = input.rank === undefined ? sql`${rank} > 0` : sql`${rank} = ${input.rank}`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select page.*, e.global_id, e.name, e.ifc_class from (
          select er.element_step_id, er.specification_id, ${rank} as rank from element_results er
          where er.file_version_id = ${input.versionId} and ${inSpecs(input.specs)} and ${byRank}
          order by er.specification_id, er.element_step_id offset ${input.offset} limit ${input.limit}) page
        left join named_objects e on e.file_version_id = ${input.versionId} and e.step_id = page.element_step_id
        order by page.specification_id, page.element_step_id`,
  );
  return rows.map(toResultRow);
}

/** A page of the version's elements without a status (against one specification, or any), by STEP id. */
export async function listNotApplicable(
  db: Database,
  input: { versionId: string; spec: SpecificationRequirements | undefined; offset: number; limit: number },
): Promise<ResultRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select e.step_id as element_step_id, e.global_id, e.name, e.ifc_class, 0 as rank from elements e
        where e.file_version_id = ${input.versionId}
          and not exists (select 1 from (${elementRanks(input.versionId, input.spec)}) r
                          where r.element_step_id = e.step_id)
        order by e.step_id offset ${input.offset} limit ${input.limit}`,
  );
  return rows.map(toResultRow);
}

export interface FacetResultRow {
  stepId: number;
  globalId: string | null;
  name: string | null;
  ifcClass: string | null;
  passed: boolean;
  /** Its status rank against the specification (statusRankSql). */
  rank: number;
  /** The engine's failures as stored; every stored failure has its outcome (migration 0029). */
  failures: Array<StoredFailure & { outcome: FailureOutcomeDto }>;
}

/** One specification's applicable elements on the version, by STEP id, paged. */
export async function listFacetResults(
  db: Database,
  input: { versionId: string; spec: SpecificationRequirements; offset: number; limit: number },
): Promise<FacetResultRow[]> {
  const rank = statusRankSql(sql`er`, sql`${input.spec.requirementCount}::int`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select page.element_step_id, page.passed, page.rank, page.failures, e.global_id, e.name, e.ifc_class from (
          select er.element_step_id, er.passed, ${rank} as rank, er.failures from element_results er
          where er.file_version_id = ${input.versionId} and er.specification_id = ${input.spec.id}
          order by er.element_step_id offset ${input.offset} limit ${input.limit}) page
        left join named_objects e on e.file_version_id = ${input.versionId} and e.step_id = page.element_step_id
        order by page.element_step_id`,
  );
  return rows.map((r) => ({
    stepId: Number(r.element_step_id),
    globalId: (r.global_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    ifcClass: (r.ifc_class as string | null) ?? null,
    passed: Boolean(r.passed),
    rank: Number(r.rank),
    failures: json<FacetResultRow['failures']>(r.failures),
  }));
}
