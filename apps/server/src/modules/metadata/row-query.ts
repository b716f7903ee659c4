import {
  METADATA_NUMBER_MAX_LENGTH,
  METADATA_NUMBER_PATTERN,
  type MetadataSortKey,
} from '@plumbline/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { primaryBimCategory } from './bim-category';
import type { ValueRange } from './explorer-store';
import { likePattern, stepIdOf } from './search-term';

/** Which rows of a version: exact-value filters (already resolved to classes) and a search term. */
export interface RowSelection {
  versionId: string;
  /** IFC classes to keep (the category and class filters resolved together); undefined: all. */
  classes?: string[] | undefined;
  /** Levels to keep; '' stands for elements without a level. */
  levels?: string[] | undefined;
  propertySets?: string[] | undefined;
  attributes?: string[] | undefined;
  search?: string | undefined;
  range?: ValueRange | undefined;
  /** What the search term matches besides values, resolved first (search-matches.ts). */
  searchMatches?: SearchMatches | undefined;
}

/**
 * The parts of a search resolved before the row query, so that a rare term is answered from indexes
 * (decision 0168): the version's attribute names, property sets and classes that match the term
 * (ILIKE on the facet keys, the same operator as on the rows), classes whose category matches, and
 * the elements whose name, GlobalId or STEP id match.
 */
export interface SearchMatches {
  attributes: string[];
  propertySets: string[];
  /** Classes matching by name or by category: rows of their elements match. */
  classes: string[];
  /**
   * STEP ids of matching elements (by name, GlobalId, STEP id or one of `classes`), or null when there
   * are too many to list (a subquery then).
   */
  elementStepIds: number[] | null;
}

export interface RowOrder {
  key: MetadataSortKey | undefined;
  direction: 'asc' | 'desc';
  /** Every class of the version: the category sort maps each to its category in SQL. */
  versionClasses: readonly string[];
  /** Whether the version's elements carry their category (processed since migration 0027). */
  categoryStored?: boolean | undefined;
}

/**
 * True when the selection needs columns of `elements` (the class and level filters). A resolved
 * search tests the property row alone: its element arms (class, category, name, GlobalId, STEP id) are
 * one set of matching elements (searchClause); an unresolved one reads the joined row.
 */
export function needsElementJoin(selection: RowSelection): boolean {
  return (
    selection.classes !== undefined ||
    selection.levels !== undefined ||
    (selection.search !== undefined && selection.searchMatches === undefined)
  );
}

function inList(column: SQL, values: readonly string[]): SQL {
  return sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;
}

/** The WHERE clause over `element_properties ep` (joined to `elements e` when the selection needs it). */
export function whereClause(selection: RowSelection): SQL {
  const parts: SQL[] = [sql`ep.file_version_id = ${selection.versionId}`];
  if (selection.classes) parts.push(inList(sql`e.ifc_class`, selection.classes));
  if (selection.levels) {
    const named = selection.levels.filter((l) => l !== '');
    const options: SQL[] = [];
    if (named.length > 0) options.push(inList(sql`e.level`, named));
    if (named.length < selection.levels.length) options.push(sql`e.level is null`);
    parts.push(sql`(${sql.join(options, sql` or `)})`);
  }
  if (selection.propertySets) parts.push(inList(sql`ep.property_set`, selection.propertySets));
  if (selection.attributes) parts.push(inList(sql`ep.name`, selection.attributes));
  if (selection.search)
    parts.push(searchClause(selection.versionId, selection.search, selection.searchMatches));
  if (selection.range) parts.push(rangeClause(selection.range));
  return sql.join(parts, sql` and `);
}

/**
 * The value as a number when it is one (decision 0345), else null. CASE tests the pattern before the
 * cast is evaluated, so text that is not a number never reaches the cast (which would fail).
 */
export const numericValue = sql`(case when length(ep.value) <= ${sql.raw(String(METADATA_NUMBER_MAX_LENGTH))}
  and ep.value ~ ${sql.raw(`'${METADATA_NUMBER_PATTERN}'`)} then ep.value::double precision end)`;

/** Rows of the property whose value is a number within the bounds. */
function rangeClause(range: ValueRange): SQL {
  const parts: SQL[] = [
    sql`ep.property_set = ${range.propertySet}`,
    sql`ep.name = ${range.attribute}`,
    sql`${numericValue} is not null`,
  ];
  if (range.from !== undefined) parts.push(sql`${numericValue} >= ${range.from}::double precision`);
  if (range.to !== undefined) parts.push(sql`${numericValue} <= ${range.to}::double precision`);
  return sql`(${sql.join(parts, sql` and `)})`;
}

/**
 * A row matches when its value, attribute or property set, or its element's class, category, name,
 * GlobalId or STEP id contains the term. With the matches resolved beforehand every arm of the OR
 * reads the property row alone (the element arms are one list or one set of the matching elements'
 * STEP ids, classes included): a rare term's arms are index conditions on `element_properties`
 * (value: pg_trgm), so PostgreSQL combines bitmaps. No arm reads the joined element: an OR over both
 * tables is a join filter, which PostgreSQL estimates far above the version's rows and then answered
 * a sorted page by a nested loop of every property row over every element (35 minutes at 50 MB).
 */
function searchClause(versionId: string, term: string, matches: SearchMatches | undefined): SQL {
  const pattern = likePattern(term);
  const options: SQL[] = [sql`ep.value ilike ${pattern}`];
  if (!matches) {
    // Unresolved (callers that build their own selection): the same test written on the joined row.
    options.push(
      sql`ep.name ilike ${pattern}`,
      sql`ep.property_set ilike ${pattern}`,
      sql`e.ifc_class ilike ${pattern}`,
      sql`e.name ilike ${pattern}`,
      sql`e.global_id ilike ${pattern}`,
    );
    const stepId = stepIdOf(term);
    if (stepId !== null) options.push(sql`ep.element_step_id = ${stepId}`);
    return sql`(${sql.join(options, sql` or `)})`;
  }
  if (matches.attributes.length > 0) options.push(inList(sql`ep.name`, matches.attributes));
  if (matches.propertySets.length > 0) options.push(inList(sql`ep.property_set`, matches.propertySets));
  if (matches.elementStepIds === null) {
    options.push(sql`ep.element_step_id in (${matchingElementsQuery(versionId, term, matches.classes)})`);
  } else if (matches.elementStepIds.length > 0) {
    options.push(sql`ep.element_step_id = any(${sql.param(matches.elementStepIds)}::int[])`);
  }
  return sql`(${sql.join(options, sql` or `)})`;
}

/**
 * STEP ids of the version's elements whose name or GlobalId contains the term, or whose id it is, or
 * whose class is one of `classes` (the classes the term matches by name or category).
 */
export function matchingElementsQuery(versionId: string, term: string, classes: readonly string[] = []): SQL {
  const pattern = likePattern(term);
  const stepId = stepIdOf(term);
  const byId = stepId !== null ? sql` or m.step_id = ${stepId}` : sql``;
  const byClass = classes.length > 0 ? sql` or ${inList(sql`m.ifc_class`, classes)}` : sql``;
  return sql`select m.step_id from elements m where m.file_version_id = ${versionId}
    and (m.name ilike ${pattern} or m.global_id ilike ${pattern}${byId}${byClass})`;
}

/** `elements e` joined on the property row's element. */
export const elementJoin = sql`join elements e on e.file_version_id = ep.file_version_id and e.step_id = ep.element_step_id`;

function categoryExpression(classes: readonly string[]): SQL {
  if (classes.length === 0) return sql`''`;
  const cases = classes.map((c) => sql`when ${c} then ${primaryBimCategory(c)}`);
  return sql`(case e.ifc_class ${sql.join(cases, sql` `)} else 'Other' end)`;
}

/**
 * ORDER BY: the chosen column, then a stable order (element, set, property) so pages never overlap.
 * An element may hold two rows alike in all three (two quantity sets of one name): the row's place in
 * the partition, which COPY filled in processing's order, settles them, as the export and the
 * columnar file's `row_no` do. `ep` is the partition or a subquery that selects its `ctid` as `ctid`.
 */
export function orderClause(order: RowOrder): SQL {
  const stable = sql`ep.element_step_id, ep.property_set, ep.name, ep.ctid`;
  if (!order.key) return stable;
  if (order.key === 'value') {
    // Read from element_properties_value_sort_idx, forwards or backwards, so descending is the exact
    // reverse of ascending: empty values last going up and first going down, ties by element
    // descending (decision 0195). Values compare on their first 200 characters, as the index keeps them.
    return order.direction === 'desc'
      ? sql`left(ep.value, 200) desc nulls first, ep.element_step_id desc, ep.property_set desc, ep.name desc, ep.ctid desc`
      : sql`left(ep.value, 200) asc nulls last, ${stable}`;
  }
  const dir = order.direction === 'desc' ? sql.raw('desc nulls last') : sql.raw('asc nulls last');
  const column: Record<MetadataSortKey, SQL> = {
    object_id: sql`e.global_id`,
    // Stored with the element; mapped from the class for older versions. No index since decision
    // 0437 (the explorer file sorts by it): as the class, level and GlobalId sorts, a sort of the rows.
    category: order.categoryStored ? sql`e.category` : categoryExpression(order.versionClasses),
    ifc_class: sql`e.ifc_class`,
    level: sql`e.level`,
    property_set: sql`ep.property_set`,
    attribute: sql`ep.name`,
    value: sql`ep.value`,
  };
  return sql`${column[order.key]} ${dir}, ${stable}`;
}

/** True when the order reads only `element_properties` columns (the page can be cut before the join). */
export function orderOnPropertiesOnly(order: RowOrder): boolean {
  return (
    order.key === undefined ||
    order.key === 'value' ||
    order.key === 'property_set' ||
    order.key === 'attribute'
  );
}
