import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { elementProperties, metadataFacets } from '../../schema';
import type { ExplorerRow, FacetCountRow, NumericProperty, StoreFacet } from './explorer-store';
import {
  elementJoin,
  matchingElementsQuery,
  needsElementJoin,
  numericValue,
  orderClause,
  orderOnPropertiesOnly,
  type RowOrder,
  type RowSelection,
  whereClause,
} from './row-query';
import { likePattern } from './search-term';

// The version a read looks at and the element lookup live with their tables' owners.

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function listFacetCounts(db: Database, versionId: string): Promise<FacetCountRow[]> {
  return db
    .select({ facet: metadataFacets.facet, key: metadataFacets.key, count: metadataFacets.count })
    .from(metadataFacets)
    .where(eq(metadataFacets.fileVersionId, versionId))
    .orderBy(asc(metadataFacets.facet), desc(metadataFacets.count), asc(metadataFacets.key));
}

/** The version's facet keys (attribute, property_set, ifc_class) containing the term (ILIKE). */
export async function listFacetKeysMatching(
  db: Database,
  versionId: string,
  term: string,
): Promise<Array<{ facet: string; key: string }>> {
  const result = await db.execute(sql`
    select facet, key from metadata_facets
    where file_version_id = ${versionId} and facet in ('attribute', 'property_set', 'ifc_class')
      and key ilike ${likePattern(term)}`);
  return rowsOf<{ facet: string; key: string }>(result);
}

/**
 * Up to `limit` STEP ids of elements whose name, GlobalId or id match the term, or whose class is one
 * of `classes`: a scan of the version's elements (a sixth of its property rows; the service caches the
 * answer per term). Trigram indexes here cost more at every upload than they save (decision 0168).
 */
export async function listMatchingElementIds(
  db: Database,
  versionId: string,
  term: string,
  classes: readonly string[],
  limit: number,
): Promise<number[]> {
  const result = await db.execute(sql`${matchingElementsQuery(versionId, term, classes)} limit ${limit}`);
  return rowsOf<{ step_id: number }>(result).map((r) => Number(r.step_id));
}

/** Whether every element of the version carries its stored category (processed since 0027). */
export async function categoriesStored(db: Database, versionId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select not exists (select 1 from elements where file_version_id = ${versionId} and category is null) as "stored"`);
  return rowsOf<{ stored: boolean }>(result)[0]?.stored === true;
}

type PropertyRow = ExplorerRow;

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
  // Filters and order on the property rows alone: the page is cut first and only its rows are joined
  // to their elements (the value sort no longer joins 358,429 rows to sort them; decision 0168).
  const page =
    !needsElementJoin(selection) && orderOnPropertiesOnly(order)
      ? sql`select ${rowColumns}
          from (select ep.*, ep.ctid as ctid from element_properties ep where ${whereClause(selection)}
            order by ${orderClause(order)} limit ${limit} offset ${offset}) ep ${elementJoin}
          order by ${orderClause(order)}`
      : sql`select ${rowColumns}
          from element_properties ep ${elementJoin}
          where ${whereClause(selection)}
          order by ${orderClause(order)}
          limit ${limit} offset ${offset}`;
  return rowsOf<PropertyRow>(await db.execute(page));
}

/**
 * How many rows the selection has; joins elements only when a filter or the search needs it. With
 * `atMost`, counting stops there (a frequent term need not read the version's every row).
 */
export async function countRows(db: Database, selection: RowSelection, atMost?: number): Promise<number> {
  const join: SQL = needsElementJoin(selection) ? elementJoin : sql``;
  const rows = sql`select 1 from element_properties ep ${join} where ${whereClause(selection)}`;
  const result = await db.execute(
    atMost === undefined
      ? sql`select count(*)::int as "count" from (${rows}) r`
      : sql`select count(*)::int as "count" from (${rows} limit ${atMost}) r`,
  );
  return rowsOf<{ count: number }>(result)[0]?.count ?? 0;
}

const facetColumns: Record<StoreFacet, SQL> = {
  ifc_class: sql`e.ifc_class`,
  level: sql`coalesce(e.level, '')`,
  property_set: sql`ep.property_set`,
  attribute: sql`ep.name`,
};

/** Rows of the selection per key of one facet (keys without rows absent); count desc, then key. */
export async function countFacet(
  db: Database,
  selection: RowSelection,
  facet: StoreFacet,
): Promise<FacetCountRow[]> {
  const onElements = facet === 'ifc_class' || facet === 'level';
  const join: SQL = onElements || needsElementJoin(selection) ? elementJoin : sql``;
  const result = await db.execute(sql`
    select ${facet} as "facet", ${facetColumns[facet]} as "key", count(*)::int as "count"
    from element_properties ep ${join} where ${whereClause(selection)}
    group by 2 order by 3 desc, 2`);
  return rowsOf<FacetCountRow>(result);
}

/** Properties with numeric values: how many, least and greatest (decision 0345). */
export async function listNumericProperties(
  db: Database,
  versionId: string,
  limit: number,
): Promise<NumericProperty[]> {
  const result = await db.execute(sql`
    select ep.property_set as "propertySet", ep.name as "attribute", count(*)::int as "count",
      min(${numericValue}) as "min", max(${numericValue}) as "max"
    from element_properties ep
    where ep.file_version_id = ${versionId} and ${numericValue} is not null
    group by 1, 2 order by 3 desc, 1, 2 limit ${limit}`);
  return rowsOf<NumericProperty>(result).map((r) => ({ ...r, min: Number(r.min), max: Number(r.max) }));
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

export async function listElementProperties(db: Database, versionId: string, stepId: number) {
  // Rows alike in set and name keep processing's order (the partition's, as in orderClause).
  return db
    .select({
      propertySet: elementProperties.propertySet,
      name: elementProperties.name,
      value: elementProperties.value,
      dataType: elementProperties.dataType,
    })
    .from(elementProperties)
    .where(and(eq(elementProperties.fileVersionId, versionId), eq(elementProperties.elementStepId, stepId)))
    .orderBy(asc(elementProperties.propertySet), asc(elementProperties.name), sql`ctid`);
}

/** Distinct (property set, name) pairs of a version (a few hundred at most). */
export async function listPropertyNames(db: Database, versionId: string) {
  const result = await db.execute(sql`
    select distinct property_set as "propertySet", name from element_properties
    where file_version_id = ${versionId}`);
  return rowsOf<{ propertySet: string; name: string }>(result);
}

/** STEP ids of elements with the property holding a value, or reading true (ExplorerStore). */
export async function listElementsWithProperty(
  db: Database,
  versionId: string,
  query: { name: string; propertySet: string | null; test: 'valued' | 'true' },
): Promise<number[]> {
  const set = query.propertySet === null ? sql`` : sql`and property_set = ${query.propertySet}`;
  const test =
    query.test === 'true'
      ? sql`lower(value) in ('true', '.t.', '1')`
      : sql`value is not null and value <> ''`;
  const result = await db.execute(sql`
    select distinct element_step_id as "stepId" from element_properties
    where file_version_id = ${versionId} and name = ${query.name} ${set} and ${test}
    order by 1`);
  return rowsOf<{ stepId: number }>(result).map((r) => Number(r.stepId));
}

/** A property's non-blank values with their row counts, most frequent first (ExplorerStore). */
export async function listPropertyValues(
  db: Database,
  versionId: string,
  property: { propertySet: string; name: string },
  limit: number,
): Promise<Array<{ value: string; count: number }>> {
  const result = await db.execute(sql`
    select value, count(*)::int as count
    from element_properties
    where file_version_id = ${versionId} and property_set = ${property.propertySet} and name = ${property.name}
      and value is not null and btrim(value) <> ''
    group by value
    order by count(*) desc, value
    limit ${limit}`);
  return rowsOf<{ value: string; count: number }>(result);
}
