import { LRUCache } from 'lru-cache';
import type { Database } from '../../platform/db';
import { primaryBimCategory } from './bim-category';
import {
  COUNT_LIMIT,
  type ExplorerCount,
  type ExplorerOrder,
  type ExplorerRow,
  type ExplorerSelection,
  type ExplorerStore,
  type ExplorerVersion,
  type FacetCountRow,
  type NumericProperty,
  versionKey,
} from './explorer-store';
import * as repo from './repo';
import type { RowSelection, SearchMatches } from './row-query';

/** Matching elements listed by id in a search; more go in as a subquery (a frequent term). */
const MATCHED_ELEMENTS_LISTED = 1000;

/**
 * The explorer's rows from PostgreSQL: the version's `element_properties` partition joined to its
 * `elements`, facets from `metadata_facets` (decisions 0168, 0191, 0195). Counts are exact, except a
 * search's beyond COUNT_LIMIT.
 */
export function createSqlExplorerStore(db: Database): ExplorerStore {
  const facetCache = new LRUCache<string, Promise<FacetCountRow[]>>({ max: 64 });
  const countCache = new LRUCache<string, Promise<number>>({ max: 2000 });
  const searchCache = new LRUCache<string, Promise<SearchMatches>>({ max: 500 });
  const categoryCache = new LRUCache<string, Promise<boolean>>({ max: 64 });
  const facetCountCache = new LRUCache<string, Promise<FacetCountRow[]>>({ max: 2000 });
  const numericCache = new LRUCache<string, Promise<NumericProperty[]>>({ max: 64 });

  // Promises are cached, so concurrent first requests for a version share one query (no dogpile).
  function cached<T>(cache: LRUCache<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit) return hit;
    const loading = load();
    cache.set(key, loading);
    loading.catch(() => cache.delete(key));
    return loading;
  }

  const facets = (version: ExplorerVersion) =>
    cached(facetCache, versionKey(version), () => repo.listFacetCounts(db, version.id));

  /**
   * What the search term matches besides values (decision 0168), cached per version and term: facet
   * keys by ILIKE, classes by name or category, and up to MATCHED_ELEMENTS_LISTED matching elements.
   */
  function searchMatchesOf(version: ExplorerVersion, term: string): Promise<SearchMatches> {
    return cached(searchCache, `${versionKey(version)}|${term}`, async () => {
      const [keys, facetRows] = await Promise.all([
        repo.listFacetKeysMatching(db, version.id, term),
        facets(version),
      ]);
      const lower = term.toLowerCase();
      const byCategory = facetRows
        .filter((f) => f.facet === 'ifc_class' && primaryBimCategory(f.key).toLowerCase().includes(lower))
        .map((f) => f.key);
      const keysOf = (facet: string) => keys.filter((k) => k.facet === facet).map((k) => k.key);
      const classes = [...new Set([...keysOf('ifc_class'), ...byCategory])];
      // The elements of the matching classes count among the matching elements: the row query then
      // tests the property row alone (row-query.ts searchClause).
      const elementIds = await repo.listMatchingElementIds(
        db,
        version.id,
        term,
        classes,
        MATCHED_ELEMENTS_LISTED + 1,
      );
      return {
        attributes: keysOf('attribute'),
        propertySets: keysOf('property_set'),
        classes,
        elementStepIds: elementIds.length > MATCHED_ELEMENTS_LISTED ? null : elementIds,
      };
    });
  }

  async function rowSelection(version: ExplorerVersion, selection: ExplorerSelection): Promise<RowSelection> {
    const copy = (list: readonly string[] | undefined) => (list ? [...list] : undefined);
    const base: RowSelection = {
      versionId: version.id,
      classes: copy(selection.classes),
      levels: copy(selection.levels),
      propertySets: copy(selection.propertySets),
      attributes: copy(selection.attributes),
      search: selection.search ? selection.search : undefined,
      range: selection.range ? { ...selection.range } : undefined,
    };
    if (!base.search) return base;
    return { ...base, searchMatches: await searchMatchesOf(version, base.search) };
  }

  const categoryStored = (version: ExplorerVersion) =>
    cached(categoryCache, versionKey(version), () => repo.categoriesStored(db, version.id));

  const filtered = (s: ExplorerSelection) =>
    [s.classes, s.levels, s.propertySets, s.attributes, s.search, s.range].some(
      (v) => v !== undefined && v !== '',
    );

  return {
    facets,

    async facetCounts(version, selection, facet) {
      if (!filtered(selection)) return (await facets(version)).filter((f) => f.facet === facet);
      const key = `${versionKey(version)}|${facet}|${JSON.stringify(selection)}`;
      return cached(facetCountCache, key, async () =>
        repo.countFacet(db, await rowSelection(version, selection), facet),
      );
    },

    numericProperties: (version, limit) =>
      cached(numericCache, `${versionKey(version)}|${limit}`, () =>
        repo.listNumericProperties(db, version.id, limit),
      ),

    async count(version, selection): Promise<ExplorerCount> {
      if (!filtered(selection)) {
        const rows = await facets(version);
        const value = rows.filter((f) => f.facet === 'property_set').reduce((sum, f) => sum + f.count, 0);
        return { value, exact: true };
      }
      const key = `${versionKey(version)}|${JSON.stringify(selection)}`;
      // A search is counted up to COUNT_LIMIT ("more than 10,000"), as the columnar store does, so
      // both stores give the same answer; filters alone are counted exactly.
      const atMost = selection.search ? COUNT_LIMIT + 1 : undefined;
      const value = await cached(countCache, key, async () =>
        repo.countRows(db, await rowSelection(version, selection), atMost),
      );
      return atMost !== undefined && value > COUNT_LIMIT
        ? { value: COUNT_LIMIT, exact: false }
        : { value, exact: true };
    },

    async page(version, selection, order: ExplorerOrder, limit, offset): Promise<ExplorerRow[]> {
      const versionClasses = (await facets(version)).filter((f) => f.facet === 'ifc_class').map((f) => f.key);
      return repo.listRows(
        db,
        await rowSelection(version, selection),
        {
          key: order.key,
          direction: order.direction,
          versionClasses,
          categoryStored: order.key === 'category' ? await categoryStored(version) : false,
        },
        limit,
        offset,
      );
    },

    async *rows(version, selection, chunkRows) {
      const resolved = await rowSelection(version, selection);
      let cursor: repo.ExportCursor | null = null;
      for (;;) {
        const batch = await repo.listRowsAfter(db, resolved, cursor, chunkRows);
        if (batch.length > 0) yield batch.map(({ rowRef: _, ...row }) => row);
        const last = batch[batch.length - 1];
        if (!last || batch.length < chunkRows) return;
        cursor = {
          stepId: last.stepId,
          propertySet: last.propertySet,
          attribute: last.attribute,
          rowRef: last.rowRef,
        };
      }
    },

    elementProperties: (version, stepId) => repo.listElementProperties(db, version.id, stepId),
    propertyNames: (version) => repo.listPropertyNames(db, version.id),
    elementsWithProperty: (version, query) => repo.listElementsWithProperty(db, version.id, query),
    propertyValues: (version, property, limit) => repo.listPropertyValues(db, version.id, property, limit),
  };
}
