import { isLocale, type Locale } from '@plumbline/i18n';
import { and, count, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../platform/db';
import { projects, reports, users } from '../../schema';
import { type StoredFailure, unwaivedFailureSql, waivedSql } from '../compliance';

export type ReportRow = typeof reports.$inferSelect;

export async function insertReport(db: Database, values: typeof reports.$inferInsert): Promise<ReportRow> {
  const [row] = await db.insert(reports).values(values).returning();
  return row as ReportRow;
}

export async function getReport(db: Database, id: string): Promise<ReportRow | null> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), isNull(reports.deletedAt)));
  return row ?? null;
}

export async function listReports(db: Database, projectId: string): Promise<ReportRow[]> {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.projectId, projectId), isNull(reports.deletedAt)))
    .orderBy(desc(reports.createdAt));
}

/** Reports of the calendar month (UTC) that count against the plan: deleted ones too, failed ones not. */
export async function countThisMonth(db: Database, projectId: string, monthStart: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reports)
    .where(
      and(eq(reports.projectId, projectId), gte(reports.createdAt, monthStart), ne(reports.status, 'failed')),
    );
  return Number(row?.n ?? 0);
}

export async function updateReport(
  db: Database,
  id: string,
  patch: Partial<Omit<ReportRow, 'id'>>,
): Promise<void> {
  await db.update(reports).set(patch).where(eq(reports.id, id));
}

/** The project row locked, so two reports asked for at once count one after the other. */
export async function lockProject(db: Database, projectId: string): Promise<void> {
  await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).for('update');
}

export interface ScopeVersion {
  fileId: string;
  fileName: string;
  versionId: string;
  versionTag: string;
  sha256: string;
  sizeBytes: number;
  elementsCount: number;
  processedAt: Date | null;
}

/** The newest completed version of each included file (or of one file), by file name. */
export async function scopeVersions(
  db: Database,
  projectId: string,
  fileId: string | null,
): Promise<ScopeVersion[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select distinct on (bf.id) bf.id as file_id, bf.name as file_name, fv.id as version_id,
          fv.version_tag, fv.sha256, fv.size_bytes, fv.elements_count, fv.processed_at
        from bim_files bf join file_versions fv on fv.bim_file_id = bf.id
        where bf.project_id = ${projectId} and fv.status = 'completed'
          and ${fileId === null ? sql`bf.included` : sql`bf.id = ${fileId}`}
        order by bf.id, fv.version_number desc`,
  );
  return rows
    .map((r) => ({
      fileId: r.file_id as string,
      fileName: r.file_name as string,
      versionId: r.version_id as string,
      versionTag: r.version_tag as string,
      sha256: r.sha256 as string,
      sizeBytes: Number(r.size_bytes),
      elementsCount: Number(r.elements_count ?? 0),
      processedAt: r.processed_at ? new Date(r.processed_at as string) : null,
    }))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
}

export interface ActiveIdsFile {
  name: string;
  sha256: string;
  specifications: number;
}

export async function activeIdsFiles(db: Database, projectId: string): Promise<ActiveIdsFile[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select f.name, f.sha256, (select count(*) from ids_specifications s where s.ids_file_id = f.id) as n
        from ids_files f where f.project_id = ${projectId} and f.is_active order by f.name`,
  );
  return rows.map((r) => ({
    name: r.name as string,
    sha256: r.sha256 as string,
    specifications: Number(r.n),
  }));
}

/** Failing (element, requirement) counts per specification and requirement facet of a version. */
export async function failureCounts(
  db: Database,
  versionId: string,
): Promise<Array<{ specificationId: string; facetIndex: number; failures: number }>> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select er.specification_id, (f->>'facetIndex')::int as facet_index, count(*) as n
        from element_results er cross join lateral jsonb_array_elements(er.failures) f
        where er.file_version_id = ${versionId} and ${unwaivedFailureSql(sql`er`)}
        group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({
    specificationId: r.specification_id as string,
    facetIndex: Number(r.facet_index),
    failures: Number(r.n),
  }));
}

/**
 * The language a project's reports are written in: the project's when it set one, else the
 * language of whoever asks (a signed-in user's profile, else the request's).
 */
export async function reportLocale(
  db: Database,
  projectId: string,
  requester: { userId: string | null; fallback: Locale },
): Promise<Locale> {
  const [project] = await db
    .select({ language: projects.language })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (isLocale(project?.language)) return project.language;
  if (requester.userId === null) return requester.fallback;
  const [user] = await db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, requester.userId));
  return isLocale(user?.language) ? user.language : requester.fallback;
}

export interface FailureExample {
  specificationId: string;
  facetIndex: number;
  stepId: number;
  globalId: string | null;
  name: string | null;
  ifcClass: string | null;
  level: string | null;
  /** The engine's finding as stored; `reason` is it in words, filled in by the report (explainFailures). */
  failure: StoredFailure;
  reason: string;
  actualValue: string | null;
  /** An approved waiver covers it (issue 32): the Failures sheet lists it as Waived. */
  waived: boolean;
}

/** The first `perGroup` failing elements of each specification and requirement facet. */
export async function failureExamples(
  db: Database,
  versionId: string,
  perGroup: number,
): Promise<FailureExample[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select * from (
          select er.specification_id, (f->>'facetIndex')::int as facet_index, er.element_step_id,
            f as failure, f->>'actualValue' as actual_value, e.global_id, e.name, e.ifc_class, e.level,
            row_number() over (partition by er.specification_id, (f->>'facetIndex')::int order by er.element_step_id) as rn
          from element_results er cross join lateral jsonb_array_elements(er.failures) f
          left join named_objects e on e.file_version_id = er.file_version_id and e.step_id = er.element_step_id
          where er.file_version_id = ${versionId} and ${unwaivedFailureSql(sql`er`)}) x
        where rn <= ${perGroup} order by specification_id, facet_index, rn`,
  );
  return rows.map(toExample);
}

function toExample(r: Record<string, unknown>): FailureExample {
  return {
    specificationId: r.specification_id as string,
    facetIndex: Number(r.facet_index),
    stepId: Number(r.element_step_id),
    globalId: (r.global_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    ifcClass: (r.ifc_class as string | null) ?? null,
    level: (r.level as string | null) ?? null,
    failure: r.failure as StoredFailure,
    reason: '',
    actualValue: (r.actual_value as string | null) ?? null,
    waived: r.waived === true,
  };
}

/** Failing pairs per element type: fixing the type's elements would clear that many failures. */
export async function failuresByClass(
  db: Database,
  versionId: string,
): Promise<Array<{ ifcClass: string; pairs: number; elements: number; requirements: number }>> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select coalesce(e.ifc_class, '(unknown)') as ifc_class, count(*) as pairs,
          count(distinct er.element_step_id) as elements,
          coalesce(sum(jsonb_array_length(er.failures)), 0) as requirements
        from element_results er
        left join named_objects e on e.file_version_id = er.file_version_id and e.step_id = er.element_step_id
        where er.file_version_id = ${versionId} and ${unwaivedFailureSql(sql`er`)}
        group by 1 order by requirements desc, pairs desc, 1`,
  );
  return rows.map((r) => ({
    ifcClass: r.ifc_class as string,
    pairs: Number(r.pairs),
    elements: Number(r.elements),
    requirements: Number(r.requirements),
  }));
}

/**
 * Every failing element × requirement of a version, a page at a time in (specification, element)
 * order after `after`: the XLSX streams them without holding a large model's failures in memory.
 */
export async function failurePage(
  db: Database,
  versionId: string,
  after: { specificationId: string; stepId: number } | null,
  limit: number,
): Promise<FailureExample[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select er.specification_id, (f->>'facetIndex')::int as facet_index, er.element_step_id,
          f as failure, f->>'actualValue' as actual_value, e.global_id, e.name, e.ifc_class, e.level,
          ${waivedSql(sql`er`)} as waived
        from (select * from element_results
              where file_version_id = ${versionId} and not passed
                ${after ? sql`and (specification_id, element_step_id) > (${after.specificationId}::uuid, ${after.stepId})` : sql``}
              order by specification_id, element_step_id limit ${limit}) er
        cross join lateral jsonb_array_elements(er.failures) f
        left join named_objects e on e.file_version_id = er.file_version_id and e.step_id = er.element_step_id
        order by er.specification_id, er.element_step_id, (f->>'facetIndex')::int`,
  );
  return rows.map(toExample);
}

/** Elements of a version a page at a time (by STEP id), with their worst compliance status. */
export async function elementPage(
  db: Database,
  versionId: string,
  afterStepId: number,
  limit: number,
): Promise<
  Array<{
    stepId: number;
    globalId: string | null;
    name: string | null;
    ifcClass: string;
    level: string | null;
    status: number | null;
  }>
> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select e.step_id, e.global_id, e.name, e.ifc_class, e.level, ec.status
        from elements e left join element_compliance ec
          on ec.file_version_id = e.file_version_id and ec.element_step_id = e.step_id
        where e.file_version_id = ${versionId} and e.step_id > ${afterStepId}
        order by e.step_id limit ${limit}`,
  );
  return rows.map((r) => ({
    stepId: Number(r.step_id),
    globalId: (r.global_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    ifcClass: r.ifc_class as string,
    level: (r.level as string | null) ?? null,
    status: r.status === null || r.status === undefined ? null : Number(r.status),
  }));
}

/** How many failing element × requirement rows a version has (what the XLSX Failures sheet holds). */
export async function failureRowCount(db: Database, versionId: string): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select coalesce(sum(jsonb_array_length(failures)), 0) as n from element_results
        where file_version_id = ${versionId} and not passed`,
  );
  return Number(row?.n ?? 0);
}
