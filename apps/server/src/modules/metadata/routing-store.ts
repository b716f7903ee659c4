import type { ColumnarExplorerStore } from './columnar/store';
import type { ExplorerStore, ExplorerVersion } from './explorer-store';

/**
 * The explorer's store for a running installation: a version's Parquet file answers once it exists;
 * until then (versions processed before the columnar store, or whose file is still being written)
 * the SQL store does (issue 34).
 */
export function createRoutingExplorerStore(
  columnar: ColumnarExplorerStore,
  sql: ExplorerStore,
): ExplorerStore {
  const storeOf = async (version: ExplorerVersion) => ((await columnar.has(version)) ? columnar : sql);
  return {
    facets: async (version) => (await storeOf(version)).facets(version),
    facetCounts: async (version, selection, facet) =>
      (await storeOf(version)).facetCounts(version, selection, facet),
    numericProperties: async (version, limit) => (await storeOf(version)).numericProperties(version, limit),
    count: async (version, selection) => (await storeOf(version)).count(version, selection),
    page: async (version, selection, order, limit, offset) =>
      (await storeOf(version)).page(version, selection, order, limit, offset),
    async *rows(version, selection, chunkRows) {
      yield* (await storeOf(version)).rows(version, selection, chunkRows);
    },
    elementProperties: async (version, stepId) => (await storeOf(version)).elementProperties(version, stepId),
    propertyNames: async (version) => (await storeOf(version)).propertyNames(version),
    elementsWithProperty: async (version, query) =>
      (await storeOf(version)).elementsWithProperty(version, query),
    propertyValues: async (version, property, limit) =>
      (await storeOf(version)).propertyValues(version, property, limit),
  };
}
