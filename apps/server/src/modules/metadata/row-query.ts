import type { MetadataSortKey } from '@plumbline/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { primaryBimCategory } from './bim-category';

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
  /** Classes whose category matches the search term (categories are derived, not stored). */
  searchClasses?: string[] | undefined;
}

export interface RowOrder {
  key: MetadataSortKey | undefined;
  direction: 'asc' | 'desc';
  /** Every class of the version: the category sort maps each to its category in SQL. */
  versionClasses: readonly string[];
}

/** `%term%` for ILIKE with the pattern characters of the term taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A step id the user typed: '1234' or '#1234'. */
export function stepIdOf(term: string): number | null {
  const match = /^#?(\d{1,9})$/.exec(term.trim());
  return match ? Number(match[1]) : null;
}

/** True when the selection needs columns of `elements` (filters or search on element fields). */
export function needsElementJoin(selection: RowSelection): boolean {
  return (
    selection.classes !== undefined ||
    selection.levels !== undefined ||
    (selection.search !== undefined && selection.search !== '')
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
  if (selection.search) {
    const pattern = likePattern(selection.search);
    const options: SQL[] = [
      sql`ep.value ilike ${pattern}`,
      sql`ep.name ilike ${pattern}`,
      sql`ep.property_set ilike ${pattern}`,
      sql`e.ifc_class ilike ${pattern}`,
      sql`e.name ilike ${pattern}`,
      sql`e.global_id ilike ${pattern}`,
    ];
    const stepId = stepIdOf(selection.search);
    if (stepId !== null) options.push(sql`ep.element_step_id = ${stepId}`);
    if (selection.searchClasses && selection.searchClasses.length > 0) {
      options.push(inList(sql`e.ifc_class`, selection.searchClasses));
    }
    parts.push(sql`(${sql.join(options, sql` or `)})`);
  }
  return sql.join(parts, sql` and `);
}

/** `elements e` joined on the property row's element. */
export const elementJoin = sql`join elements e on e.file_version_id = ep.file_version_id and e.step_id = ep.element_step_id`;

function categoryExpression(classes: readonly string[]): SQL {
  if (classes.length === 0) return sql`''`;
  const cases = classes.map((c) => sql`when ${c} then ${primaryBimCategory(c)}`);
  return sql`(case e.ifc_class ${sql.join(cases, sql` `)} else 'Other' end)`;
}

/** ORDER BY: the chosen column, then a stable order (element, set, property) so pages never overlap. */
export function orderClause(order: RowOrder): SQL {
  const stable = sql`ep.element_step_id, ep.property_set, ep.name`;
  if (!order.key) return stable;
  const dir = order.direction === 'desc' ? sql.raw('desc nulls last') : sql.raw('asc nulls last');
  const column: Record<MetadataSortKey, SQL> = {
    object_id: sql`e.global_id`,
    category: categoryExpression(order.versionClasses),
    ifc_class: sql`e.ifc_class`,
    level: sql`e.level`,
    property_set: sql`ep.property_set`,
    attribute: sql`ep.name`,
    value: sql`ep.value`,
  };
  return sql`${column[order.key]} ${dir}, ${stable}`;
}
