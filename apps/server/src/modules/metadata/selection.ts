import type { MetadataFacetsQuery } from '@plumbline/contracts';
import { primaryBimCategory } from './bim-category';
import type { ExplorerSelection, FacetCountRow } from './explorer-store';

/**
 * Turns the query into a row selection; null when the filters exclude everything (e.g. a category
 * with no class in this version). The category filter becomes a class list, since the category
 * is derived from the class.
 */
export function selectionOf(
  query: MetadataFacetsQuery,
  facets: readonly FacetCountRow[],
): ExplorerSelection | null {
  const versionClasses = facets.filter((f) => f.facet === 'ifc_class').map((f) => f.key);
  const nonEmpty = (list: string[] | undefined) => (list && list.length > 0 ? list : undefined);
  let classes = nonEmpty(query.ifc_class);
  const categories = nonEmpty(query.category);
  if (categories) {
    const inCategories = versionClasses.filter((c) => categories.includes(primaryBimCategory(c)));
    classes = classes ? classes.filter((c) => inCategories.includes(c)) : inCategories;
  }
  const selection: ExplorerSelection = {
    classes,
    levels: nonEmpty(query.level),
    propertySets: nonEmpty(query.property_set),
    attributes: nonEmpty(query.attribute),
    search: query.search ? query.search : undefined,
    // The schema has checked that set, name and a bound come together (metadataFacetsQuerySchema).
    range:
      query.range_property_set !== undefined && query.range_attribute !== undefined
        ? {
            propertySet: query.range_property_set,
            attribute: query.range_attribute,
            from: query.range_from,
            to: query.range_to,
          }
        : undefined,
  };
  const lists = [selection.classes, selection.levels, selection.propertySets, selection.attributes];
  return lists.some((l) => l !== undefined && l.length === 0) ? null : selection;
}
