import { and, asc, count, desc, eq, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { elementResults, elements, fileVersions, projects } from '../../schema';
import type { VersionRow } from '../bimfiles';
import { type StoredFailure, waivedSql } from '../compliance';

/** The version an answer is about: its file and project, for citing and for comparing versions. */
export type VersionRef = Pick<
  VersionRow,
  'id' | 'bimFileId' | 'versionNumber' | 'versionTag' | 'status' | 'elementsCount'
> & { processedAt?: Date | null };

const versionColumns = {
  id: fileVersions.id,
  bimFileId: fileVersions.bimFileId,
  versionNumber: fileVersions.versionNumber,
  versionTag: fileVersions.versionTag,
  status: fileVersions.status,
  processedAt: fileVersions.processedAt,
  elementsCount: sql<number>`coalesce(${fileVersions.elementsCount}, 0)::int`,
};

export async function findProjectText(db: Database, projectId: string) {
  const [row] = await db
    .select({ name: projects.name, description: projects.description })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? null;
}

export async function findVersion(
  db: Database,
  fileId: string,
  versionId: string,
): Promise<VersionRef | null> {
  const [row] = await db
    .select(versionColumns)
    .from(fileVersions)
    .where(and(eq(fileVersions.bimFileId, fileId), eq(fileVersions.id, versionId)));
  return row ?? null;
}

/** The newest completed version of a file, or the newest completed one before `beforeNumber`. */
export async function latestCompletedVersion(
  db: Database,
  fileId: string,
  beforeNumber?: number,
): Promise<VersionRef | null> {
  const conditions: SQL[] = [eq(fileVersions.bimFileId, fileId), eq(fileVersions.status, 'completed')];
  if (beforeNumber !== undefined) conditions.push(lt(fileVersions.versionNumber, beforeNumber));
  const [row] = await db
    .select(versionColumns)
    .from(fileVersions)
    .where(and(...conditions))
    .orderBy(desc(fileVersions.versionNumber))
    .limit(1);
  return row ?? null;
}

/** Element counts of a version grouped by class and level (a few hundred groups at most). */
export async function countByClassAndLevel(db: Database, versionId: string) {
  const rows = await db
    .select({ ifcClass: elements.ifcClass, level: elements.level, n: count() })
    .from(elements)
    .where(eq(elements.fileVersionId, versionId))
    .groupBy(elements.ifcClass, elements.level);
  return rows.map((r) => ({ ifcClass: r.ifcClass, level: r.level, count: Number(r.n) }));
}

export interface ElementRow {
  stepId: number;
  globalId: string | null;
  ifcClass: string;
  name: string | null;
  level: string | null;
}

const elementColumns = {
  stepId: elements.stepId,
  globalId: elements.globalId,
  ifcClass: elements.ifcClass,
  name: elements.name,
  level: elements.level,
};

/** Elements of the given classes (upper-case IFC names), in file order. */
export async function elementsOfClasses(
  db: Database,
  versionId: string,
  classes: readonly string[],
  limit: number,
): Promise<ElementRow[]> {
  if (classes.length === 0) return [];
  return db
    .select(elementColumns)
    .from(elements)
    .where(and(eq(elements.fileVersionId, versionId), inArray(elements.ifcClass, [...classes])))
    .orderBy(asc(elements.stepId))
    .limit(limit);
}

export interface FailingElementRow extends ElementRow {
  specificationId: string;
  failures: StoredFailure[];
}

/** Failing elements of some specifications, optionally only of some classes, in file order. */
export async function failingElements(
  db: Database,
  versionId: string,
  specificationIds: readonly string[],
  classes: readonly string[] | null,
  limit: number,
): Promise<FailingElementRow[]> {
  if (specificationIds.length === 0) return [];
  const conditions: SQL[] = [
    eq(elementResults.fileVersionId, versionId),
    inArray(elementResults.specificationId, [...specificationIds]),
    eq(elementResults.passed, false),
  ];
  if (classes) conditions.push(inArray(elements.ifcClass, [...classes]));
  const rows = await db
    .select({
      ...elementColumns,
      specificationId: elementResults.specificationId,
      failures: elementResults.failures,
    })
    .from(elementResults)
    .innerJoin(
      elements,
      and(
        eq(elements.fileVersionId, elementResults.fileVersionId),
        eq(elements.stepId, elementResults.elementStepId),
      ),
    )
    .where(and(...conditions))
    .orderBy(asc(elementResults.elementStepId), asc(elementResults.specificationId))
    .limit(limit);
  return rows as FailingElementRow[];
}

export interface ElementIdentity {
  /** The stable key (issue 30): the GlobalId, or the one carried over a content match. */
  elementKey: string;
  globalId: string;
  ifcClass: string;
  name: string | null;
  typeName: string | null;
  predefinedType: string | null;
  level: string | null;
  /** The fingerprint of its properties stored at processing (packages/ids identity): equal when none changed. */
  properties: string | null;
}

/**
 * Every element with a GlobalId, by its stable key and with its stored signature: the assistant pairs
 * two versions' elements by key, so an element whose GlobalId an exporter regenerated is still itself.
 */
export async function elementIdentities(db: Database, versionId: string): Promise<ElementIdentity[]> {
  const result = await db.execute(sql`
    select coalesce(e.element_key, e.global_id) as "elementKey", e.global_id as "globalId",
      e.ifc_class as "ifcClass", e.name, e.type_name as "typeName",
      e.predefined_type as "predefinedType", e.level, encode(e.property_hash, 'hex') as properties
    from ${elements} e
    where e.file_version_id = ${versionId} and e.global_id is not null`);
  return (result as unknown as { rows: ElementIdentity[] }).rows;
}

/** Distinct storey names of a version (elements placed on a level). */
export async function levelNames(db: Database, versionId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ level: elements.level })
    .from(elements)
    .where(and(eq(elements.fileVersionId, versionId), isNotNull(elements.level)))
    .orderBy(asc(elements.level));
  return rows.map((r) => r.level as string);
}

export interface PopulationRow extends ElementRow {
  typeName: string | null;
}

/** Every element of a version (the population `elements_count` counts), in STEP order. */
export async function populationOf(db: Database, versionId: string): Promise<PopulationRow[]> {
  return db
    .select({ ...elementColumns, typeName: elements.typeName })
    .from(elements)
    .where(eq(elements.fileVersionId, versionId))
    .orderBy(asc(elements.stepId));
}

/** Elements of a version (of some classes, or any), by STEP id, with their type names. */
export async function populationOfClasses(
  db: Database,
  versionId: string,
  classes: readonly string[] | null,
): Promise<PopulationRow[]> {
  const classFilter =
    classes && classes.length > 0
      ? sql`and e.ifc_class in (${sql.join(
          classes.map((c) => sql`${c}`),
          sql`, `,
        )})`
      : sql``;
  const result = await db.execute(sql`
    select e.step_id as "stepId", e.global_id as "globalId", e.ifc_class as "ifcClass", e.name, e.level,
      e.type_name as "typeName"
    from ${elements} e
    where e.file_version_id = ${versionId} ${classFilter}
    order by e.step_id`);
  return (result as unknown as { rows: PopulationRow[] }).rows;
}

/** Cited elements by GlobalId with their name, class and storey (at most the ids given, ≤ 500). */
export async function elementsByGlobalIds(db: Database, versionId: string, globalIds: readonly string[]) {
  if (globalIds.length === 0) return [];
  return db
    .select({
      globalId: elements.globalId,
      name: elements.name,
      ifcClass: elements.ifcClass,
      level: elements.level,
    })
    .from(elements)
    .where(and(eq(elements.fileVersionId, versionId), inArray(elements.globalId, [...globalIds])));
}

/** The stored comparison of a version with the one before it: findings new and resolved (issue 30's history). */
export async function storedChangeTotals(
  db: Database,
  toVersionId: string,
): Promise<StoredChangeTotals | null> {
  const result = await db.execute(sql`
    select from_version_id as "fromVersionId", new_count as "new", resolved_count as "resolved",
      removed_count as "removed", persisting_count as "persisting"
    from version_comparisons where file_version_id = ${toVersionId}`);
  const row = (result as unknown as { rows: StoredChangeTotals[] }).rows[0];
  return row
    ? {
        fromVersionId: String(row.fromVersionId),
        new: Number(row.new),
        resolved: Number(row.resolved),
        removed: Number(row.removed),
        persisting: Number(row.persisting),
      }
    : null;
}

export interface StoredChangeTotals {
  fromVersionId: string;
  new: number;
  resolved: number;
  removed: number;
  persisting: number;
}

/**
 * A few stored changes of one kind (1 new, 2 resolved) with their elements in the newer version; a
 * new failure an approved waiver now covers is none (decision 0370).
 */
export async function storedChangeExamples(
  db: Database,
  toVersionId: string,
  kind: 1 | 2,
  limit: number,
): Promise<{ globalId: string | null; ifcClass: string; name: string | null; level: string | null }[]> {
  const result = await db.execute(sql`
    select e.global_id as "globalId", e.ifc_class as "ifcClass", e.name, e.level
    from finding_changes c
    join ${elements} e on e.file_version_id = c.file_version_id and e.step_id = c.element_step_id
    where c.file_version_id = ${toVersionId} and c.kind = ${kind}
      and not exists (select 1 from element_results er join ids_specifications s on s.id = er.specification_id
        where er.file_version_id = c.file_version_id and er.element_step_id = c.element_step_id
          and s.key = c.specification_key and not er.passed and ${waivedSql(sql`er`)})
    order by c.element_step_id limit ${limit}`);
  return (
    result as unknown as {
      rows: { globalId: string | null; ifcClass: string; name: string | null; level: string | null }[];
    }
  ).rows;
}
