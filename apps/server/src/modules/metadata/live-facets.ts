import {
  type FilterSection,
  METADATA_NUMERIC_PROPERTIES_LIMIT,
  type MetadataFacetsQuery,
  type MetadataFilterKey,
  type MetadataNumericProperty,
} from '@plumbline/contracts';
import { primaryBimCategory } from './bim-category';
import type { ExplorerStore, ExplorerVersion, FacetCountRow } from './explorer-store';
import { selectionOf } from './selection';

const sectionTitles: Array<[MetadataFilterKey, string]> = [
  ['category', 'Category'],
  ['ifc_class', 'IFC Class'],
  ['level', 'Level'],
  ['property_set', 'Property Set'],
  ['attribute', 'Attribute'],
];

/** Code-point order, as both stores order keys. */
const byCountThenKey = (a: { key: string; count: number }, b: { key: string; count: number }) =>
  b.count - a.count || (a.key === b.key ? 0 : a.key < b.key ? -1 : 1);

/**
 * One section's counts over the rows every OTHER active filter selects (standard faceted search,
 * decision 0346): its own selection is dropped, so its unselected options say what choosing them adds.
 * The category is derived from the class: its counts are the class counts summed per category.
 */
async function sectionCounts(
  store: ExplorerStore,
  version: ExplorerVersion,
  totals: readonly FacetCountRow[],
  query: MetadataFacetsQuery,
  key: MetadataFilterKey,
): Promise<Map<string, number>> {
  const selection = selectionOf({ ...query, [key]: undefined }, totals);
  const counts = new Map<string, number>();
  if (!selection) return counts;
  if (key === 'category') {
    for (const row of await store.facetCounts(version, selection, 'ifc_class')) {
      const category = primaryBimCategory(row.key);
      counts.set(category, (counts.get(category) ?? 0) + row.count);
    }
    return counts;
  }
  for (const row of await store.facetCounts(version, selection, key)) counts.set(row.key, row.count);
  return counts;
}

/** The filter panel's sections (every option of the version, live counts) and numeric properties. */
export async function facetSections(
  store: ExplorerStore,
  version: ExplorerVersion,
  query: MetadataFacetsQuery,
): Promise<{ sections: FilterSection[]; totalRows: number; numeric: MetadataNumericProperty[] }> {
  const totals = await store.facets(version);
  const active =
    Boolean(query.search) ||
    query.range_attribute !== undefined ||
    sectionTitles.some(([key]) => (query[key]?.length ?? 0) > 0);
  const sections = await Promise.all(
    sectionTitles.map(async ([key, title]): Promise<FilterSection> => {
      const own = totals.filter((f) => f.facet === key);
      const live = active ? await sectionCounts(store, version, totals, query, key) : null;
      const options = own
        .map((f) => ({ key: f.key, count: live ? (live.get(f.key) ?? 0) : f.count }))
        .sort(byCountThenKey)
        .map((o) => ({
          key: o.key,
          label: key === 'level' && o.key === '' ? 'No level' : o.key,
          count: o.count,
        }));
      return { key, title, options };
    }),
  );
  const totalRows = totals.filter((f) => f.facet === 'property_set').reduce((sum, f) => sum + f.count, 0);
  const numeric = (await store.numericProperties(version, METADATA_NUMERIC_PROPERTIES_LIMIT)).map((p) => ({
    property_set: p.propertySet,
    attribute: p.attribute,
    count: p.count,
    min: p.min,
    max: p.max,
  }));
  return { sections, totalRows, numeric };
}
