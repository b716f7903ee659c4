import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { statusRankSql } from './status';

/**
 * The only code of the compliance reads that touches the database. Every element_results query is
 * bounded by `file_version_id` (and `specification_id` where known), the leading columns of its
 * primary key, so a version's rows are read through that index, never the whole table.
 */

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** node-postgres parses jsonb; PGlite may hand it back as text from a raw query. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface VersionRow {
  id: string;
  versionTag: string;
  status: string;
  elementsCount: number;
}

export async function fileExists(db: Database, projectId: string, fileId: string): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`select 1 from bim_files where id = ${fileId} and project_id = ${projectId}`,
  );
  return rows.length > 0;
}

/** The named version of the file, or its newest completed one without a name. */
export async function findVersion(
  db: Database,
  fileId: string,
  versionId: string | undefined,
): Promise<VersionRow | null> {
  const where = versionId
    ? sql`fv.bim_file_id = ${fileId} and fv.id = ${versionId}`
    : sql`fv.bim_file_id = ${fileId} and fv.status = 'completed'`;
  const rows = await rowsOf<{
    id: string;
    version_tag: string;
    status: string;
    elements_count: number | null;
  }>(
    db,
    sql`select fv.id, fv.version_tag, fv.status, fv.elements_count from file_versions fv
        where ${where} order by fv.version_number desc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    versionTag: row.version_tag,
    status: row.status,
    elementsCount: Number(row.elements_count ?? 0),
  };
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
  applicabilityFacets: unknown[];
  requirementFacets: unknown[];
}

/** Specifications of the project's active IDS files, by file name then position in the file. */
export async function listActiveSpecifications(db: Database, projectId: string): Promise<SpecificationRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select s.id, s.ids_file_id, f.name as ids_file_name, s.position, s.name, s.description, s.identifier,
          s.instructions, s.ifc_versions, s.min_occurs, s.max_occurs, s.cardinality,
          s.applicability_facets, s.requirement_facets
        from ids_specifications s join ids_files f on f.id = s.ids_file_id
        where f.project_id = ${projectId} and f.is_active
        order by f.name, f.created_at, s.position`,
  );
  return rows.map((r) => ({
    id: r.id as string,
    idsFileId: r.ids_file_id as string,
    idsFileName: r.ids_file_name as string,
    position: Number(r.position),
    name: r.name as string,
    description: r.description as string | null,
    identifier: r.identifier as string | null,
    instructions: r.instructions as string | null,
    ifcVersions: r.ifc_versions as string[],
    minOccurs: Number(r.min_occurs),
    maxOccurs: r.max_occurs === null ? null : Number(r.max_occurs),
    cardinality: r.cardinality as SpecificationRow['cardinality'],
    applicabilityFacets: json<unknown[]>(r.applicability_facets),
    requirementFacets: json<unknown[]>(r.requirement_facets),
  }));
}

/** The active specifications as a CTE with their requirement count (`n`), for the queries below. */
function activeSpecs(projectId: string): SQL {
  return sql`select s.id, s.name, jsonb_array_length(s.requirement_facets) as n
    from ids_specifications s join ids_files f on f.id = s.ids_file_id
    where f.project_id = ${projectId} and f.is_active`;
}

export interface SpecificationCountsRow {
  specificationId: string;
  applicable: number;
  /** Elements meeting every requirement (the engine's passed count). */
  compliant: number;
  /** Elements with status passed (none when the specification requires nothing). */
  passed: number;
  warning: number;
  failed: number;
  /** Applicable elements with no requirement failed for a missing value. */
  populated: number;
  /** Requirement facets (by index) some applicable element failed. */
  failedFacets: number;
}

/**
 * Per specification of the version: the engine's counts (specification_results) and, from the
 * failing element rows only, the warning/failed split, unpopulated elements and failed facets.
 */
export async function specificationCounts(
  db: Database,
  projectId: string,
  versionId: string,
): Promise<SpecificationCountsRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`with spec as (${activeSpecs(projectId)}),
      failing as (
        select er.specification_id,
          count(*) filter (where ${statusRankSql(sql`er`, sql`spec.n`)} = 2)::int as warning,
          count(*) filter (where jsonb_path_exists(er.failures, '$[*] ? (!(exists(@.actualValue)))'))::int
            as unpopulated,
          (select count(distinct (f.value ->> 'facetIndex')::int)::int
             from element_results x, jsonb_array_elements(x.failures) f
             where x.file_version_id = ${versionId} and x.specification_id = er.specification_id
               and not x.passed) as failed_facets
        from element_results er join spec on spec.id = er.specification_id
        where er.file_version_id = ${versionId} and not er.passed
        group by er.specification_id
      )
      select sr.specification_id, sr.applicable_count, sr.passed_count, sr.failed_count, spec.n,
        coalesce(failing.warning, 0) as warning, coalesce(failing.unpopulated, 0) as unpopulated,
        coalesce(failing.failed_facets, 0) as failed_facets
      from specification_results sr join spec on spec.id = sr.specification_id
        left join failing on failing.specification_id = sr.specification_id
      where sr.file_version_id = ${versionId}`,
  );
  return rows.map((r) => {
    const n = Number(r.n);
    const passedCount = Number(r.passed_count);
    const failedCount = Number(r.failed_count);
    const warning = Number(r.warning);
    return {
      specificationId: r.specification_id as string,
      applicable: Number(r.applicable_count),
      compliant: passedCount,
      // Passing elements of a specification that requires nothing are not applicable (decision 0081).
      passed: n === 0 ? 0 : passedCount,
      warning,
      failed: failedCount - warning,
      populated: Number(r.applicable_count) - Number(r.unpopulated),
      failedFacets: Number(r.failed_facets),
    };
  });
}

/** Each element's status (worst over the specifications, or against one), statuses above not_applicable. */
function elementRanks(projectId: string, versionId: string, specificationId: string | undefined): SQL {
  const bySpec = specificationId ? sql`and er.specification_id = ${specificationId}` : sql``;
  return sql`select er.element_step_id, max(${statusRankSql(sql`er`, sql`spec.n`)}) as rank
    from element_results er join (${activeSpecs(projectId)}) spec on spec.id = er.specification_id
    where er.file_version_id = ${versionId} ${bySpec}
    group by er.element_step_id`;
}

/** Every element with a status other than not_applicable, ascending by STEP id. */
export async function elementStatuses(
  db: Database,
  projectId: string,
  versionId: string,
  specificationId: string | undefined,
): Promise<{ stepIds: number[]; ranks: number[] }> {
  const rows = await rowsOf<{ element_step_id: number; rank: number }>(
    db,
    sql`select r.element_step_id, r.rank from (${elementRanks(projectId, versionId, specificationId)}) r
        where r.rank > 0 order by r.element_step_id`,
  );
  return { stepIds: rows.map((r) => Number(r.element_step_id)), ranks: rows.map((r) => Number(r.rank)) };
}

/** How many elements have each status rank (1 passed, 2 warning, 3 failed), from elementRanks. */
export async function elementStatusCounts(
  db: Database,
  projectId: string,
  versionId: string,
  specificationId: string | undefined,
): Promise<Map<number, number>> {
  const rows = await rowsOf<{ rank: number; n: number }>(
    db,
    sql`select r.rank, count(*)::int as n from (${elementRanks(projectId, versionId, specificationId)}) r
        where r.rank > 0 group by r.rank`,
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
  specificationName: string | null;
}

function toResultRow(r: Record<string, unknown>): ResultRow {
  return {
    stepId: Number(r.element_step_id),
    globalId: (r.global_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    ifcClass: (r.ifc_class as string | null) ?? null,
    rank: Number(r.rank),
    specificationId: (r.specification_id as string | null) ?? null,
    specificationName: (r.specification_name as string | null) ?? null,
  };
}

/**
 * Element × specification results of the version with a status above not_applicable, optionally of
 * one specification and one status, in primary-key order (specification, STEP id), paged.
 */
export async function listResults(
  db: Database,
  input: {
    projectId: string;
    versionId: string;
    specificationId?: string;
    rank?: number;
    offset: number;
    limit: number;
  },
): Promise<{ total: number; rows: ResultRow[] }> {
  const bySpec = input.specificationId ? sql`and er.specification_id = ${input.specificationId}` : sql``;
  const rank = statusRankSql(sql`er`, sql`spec.n`);
  const byRank = input.rank === undefined ? sql`and ${rank} > 0` : sql`and ${rank} = ${input.rank}`;
  const from = sql`from element_results er join (${activeSpecs(input.projectId)}) spec on spec.id = er.specification_id
    where er.file_version_id = ${input.versionId} ${bySpec} ${byRank}`;
  const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select page.*, e.global_id, e.name, e.ifc_class from (
          select er.element_step_id, er.specification_id, spec.name as specification_name, ${rank} as rank ${from}
          order by er.specification_id, er.element_step_id offset ${input.offset} limit ${input.limit}) page
        left join elements e on e.file_version_id = ${input.versionId} and e.step_id = page.element_step_id
        order by page.specification_id, page.element_step_id`,
  );
  return { total: Number(counted?.n ?? 0), rows: rows.map(toResultRow) };
}

/** Elements of the version no specification (or not the given one) gives a status, paged by STEP id. */
export async function listNotApplicable(
  db: Database,
  input: { projectId: string; versionId: string; specificationId?: string; offset: number; limit: number },
): Promise<{ total: number; rows: ResultRow[] }> {
  const from = sql`from elements e
    left join (${elementRanks(input.projectId, input.versionId, input.specificationId)}) r
      on r.element_step_id = e.step_id
    where e.file_version_id = ${input.versionId} and coalesce(r.rank, 0) = 0`;
  const [counted] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n ${from}`);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select e.step_id as element_step_id, e.global_id, e.name, e.ifc_class, 0 as rank ${from}
        order by e.step_id offset ${input.offset} limit ${input.limit}`,
  );
  return { total: Number(counted?.n ?? 0), rows: rows.map(toResultRow) };
}

export interface FacetResultRow {
  stepId: number;
  globalId: string | null;
  name: string | null;
  ifcClass: string | null;
  passed: boolean;
  failures: Array<{ facetIndex: number; type: string; reason: string; actualValue?: string }>;
}

/** One specification's applicable elements on the version, by STEP id, paged. */
export async function listFacetResults(
  db: Database,
  input: { versionId: string; specificationId: string; offset: number; limit: number },
): Promise<FacetResultRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select page.element_step_id, page.passed, page.failures, e.global_id, e.name, e.ifc_class from (
          select er.element_step_id, er.passed, er.failures from element_results er
          where er.file_version_id = ${input.versionId} and er.specification_id = ${input.specificationId}
          order by er.element_step_id offset ${input.offset} limit ${input.limit}) page
        left join elements e on e.file_version_id = ${input.versionId} and e.step_id = page.element_step_id
        order by page.element_step_id`,
  );
  return rows.map((r) => ({
    stepId: Number(r.element_step_id),
    globalId: (r.global_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    ifcClass: (r.ifc_class as string | null) ?? null,
    passed: Boolean(r.passed),
    failures: json<FacetResultRow['failures']>(r.failures),
  }));
}
