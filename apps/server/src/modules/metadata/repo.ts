import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { elementProperties, elements, metadataFacets } from '../../schema';
import {
  elementJoin,
  needsElementJoin,
  orderClause,
  type RowOrder,
  type RowSelection,
  whereClause,
} from './row-query';

export interface VersionRow {
  id: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  processedAt: Date | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The version a read looks at, in one query: `versionId` when given (it must belong to the file of
 * the project), else the file's newest completed version. `file` is false when the project has no
 * such file; `version` is null when there is no such version (or no completed one).
 */
export async function resolveFileVersion(
  db: Database,
  projectId: string,
  fileId: string,
  versionId: string | undefined,
): Promise<{ file: boolean; version: VersionRow | null }> {
  const pick =
    versionId === undefined
      ? sql`fv.status = 'completed' order by fv.version_number desc`
      : sql`fv.id = ${versionId}`;
  const result = await db.execute(sql`
    select bf.id as "fileId", v.id, v.status, v.processed_at as "processedAt"
    from bim_files bf
    left join lateral (
      select fv.id, fv.status, fv.processed_at from file_versions fv
      where fv.bim_file_id = bf.id and ${pick} limit 1
    ) v on true
    where bf.id = ${fileId} and bf.project_id = ${projectId}`);
  const row = rowsOf<{
    fileId: string;
    id: string | null;
    status: VersionRow['status'];
    processedAt: string | Date | null;
  }>(result)[0];
  if (!row) return { file: false, version: null };
  if (row.id === null) return { file: true, version: null };
  const processedAt = row.processedAt === null ? null : new Date(row.processedAt);
  return { file: true, version: { id: row.id, status: row.status, processedAt } };
}

export interface FacetCountRow {
  facet: string;
  key: string;
  count: number;
}

export async function listFacetCounts(db: Database, versionId: string): Promise<FacetCountRow[]> {
  return db
    .select({ facet: metadataFacets.facet, key: metadataFacets.key, count: metadataFacets.count })
    .from(metadataFacets)
    .where(eq(metadataFacets.fileVersionId, versionId))
    .orderBy(asc(metadataFacets.facet), desc(metadataFacets.count), asc(metadataFacets.key));
}

export interface PropertyRow {
  stepId: number;
  globalId: string | null;
  objectName: string | null;
  ifcClass: string;
  level: string | null;
  propertySet: string;
  attribute: string;
  value: string | null;
}

const rowColumns = sql`ep.element_step_id as "stepId", e.global_id as "globalId", e.name as "objectName",
  e.ifc_class as "ifcClass", e.level as "level", ep.property_set as "propertySet", ep.name as "attribute",
  ep.value as "value"`;

/** One page of rows in the requested order. */
export async function listRows(
  db: Database,
  selection: RowSelection,
  order: RowOrder,
  limit: number,
  offset: number,
): Promise<PropertyRow[]> {
  const result = await db.execute(sql`
    select ${rowColumns}
    from element_properties ep ${elementJoin}
    where ${whereClause(selection)}
    order by ${orderClause(order)}
    limit ${limit} offset ${offset}`);
  return rowsOf<PropertyRow>(result);
}

/** How many rows the selection has; joins elements only when a filter or the search needs it. */
export async function countRows(db: Database, selection: RowSelection): Promise<number> {
  const join: SQL = needsElementJoin(selection) ? elementJoin : sql``;
  const result = await db.execute(sql`
    select count(*)::int as "count" from element_properties ep ${join} where ${whereClause(selection)}`);
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

/** Position after the last exported row: rows come in (element, set, property, physical) order. */
export interface ExportCursor {
  stepId: number;
  propertySet: string;
  attribute: string;
  rowRef: string;
}

/** The next `limit` rows after `cursor` in the stable order; the export reads a version this way. */
export async function listRowsAfter(
  db: Database,
  selection: RowSelection,
  cursor: ExportCursor | null,
  limit: number,
): Promise<Array<PropertyRow & { rowRef: string }>> {
  const after = cursor
    ? sql`and (ep.element_step_id, ep.property_set, ep.name, ep.ctid) > (${cursor.stepId}, ${cursor.propertySet}, ${cursor.attribute}, ${cursor.rowRef}::tid)`
    : sql``;
  const result = await db.execute(sql`
    select ${rowColumns}, ep.ctid::text as "rowRef"
    from element_properties ep ${elementJoin}
    where ${whereClause(selection)} ${after}
    order by ep.element_step_id, ep.property_set, ep.name, ep.ctid
    limit ${limit}`);
  return rowsOf<PropertyRow & { rowRef: string }>(result);
}

export interface ElementRow {
  stepId: number;
  globalId: string | null;
  name: string | null;
  ifcClass: string;
  typeName: string | null;
  predefinedType: string | null;
  level: string | null;
}

const elementColumns = {
  stepId: elements.stepId,
  globalId: elements.globalId,
  name: elements.name,
  ifcClass: elements.ifcClass,
  typeName: elements.typeName,
  predefinedType: elements.predefinedType,
  level: elements.level,
};

export async function findElement(
  db: Database,
  versionId: string,
  stepId: number,
): Promise<ElementRow | null> {
  const [row] = await db
    .select(elementColumns)
    .from(elements)
    .where(and(eq(elements.fileVersionId, versionId), eq(elements.stepId, stepId)));
  return row ?? null;
}

export async function listElementProperties(db: Database, versionId: string, stepId: number) {
  return db
    .select({
      propertySet: elementProperties.propertySet,
      name: elementProperties.name,
      value: elementProperties.value,
      dataType: elementProperties.dataType,
    })
    .from(elementProperties)
    .where(and(eq(elementProperties.fileVersionId, versionId), eq(elementProperties.elementStepId, stepId)))
    .orderBy(asc(elementProperties.propertySet), asc(elementProperties.name));
}

/** Elements of a version in STEP order, optionally matching a term in name, GlobalId or class. */
export async function searchElements(
  db: Database,
  versionId: string,
  pattern: string | null,
  stepId: number | null,
  limit: number,
): Promise<ElementRow[]> {
  const match = pattern
    ? sql`and (e.name ilike ${pattern} or e.global_id ilike ${pattern} or e.ifc_class ilike ${pattern}${
        stepId !== null ? sql` or e.step_id = ${stepId}` : sql``
      })`
    : sql``;
  const result = await db.execute(sql`
    select e.step_id as "stepId", e.global_id as "globalId", e.name, e.ifc_class as "ifcClass",
      e.type_name as "typeName", e.predefined_type as "predefinedType", e.level
    from elements e
    where e.file_version_id = ${versionId} ${match}
    order by e.step_id
    limit ${limit}`);
  return rowsOf<ElementRow>(result);
}
