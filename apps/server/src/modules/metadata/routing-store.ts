import { BimFileError } from '../bimfiles';
import type { ColumnarExplorerStore } from './columnar/store';
import type { ExplorerStore, ExplorerVersion } from './explorer-store';

/** How a request waits for a completed version's explorer file still being written (decision 0455). */
export interface PreparingWait {
  /** Whether the version completed and its explorer file is still being written. */
  pending(versionId: string): Promise<boolean>;
  /** How long a request waits for the file before it answers 409 `version_not_processed`. */
  waitMs: number;
  /** How often the mark is read again meanwhile. */
  pollMs: number;
}

/**
 * The explorer's store for a running installation: a version's Parquet file answers once it exists;
 * until then the SQL store does (versions processed before the columnar store, issue 34), except
 * for a version that completed while its file is being written (decision 0455): its rows are in
 * no SQL table, so a request waits for the file (one wait per version, however many ask), and past
 * `waitMs` answers that the version is not ready rather than an empty explorer.
 */
export function createRoutingExplorerStore(
  columnar: ColumnarExplorerStore,
  sql: ExplorerStore,
  preparing?: PreparingWait,
): ExplorerStore {
  const waits = new Map<string, Promise<boolean>>();
  /** True once the version's mark is cleared (its file written), false when it was never set. */
  function waitFor(versionId: string, wait: PreparingWait): Promise<boolean> {
    const running = waits.get(versionId);
    if (running) return running;
    const started = Date.now();
    const waiting = (async () => {
      let waited = false;
      while (await wait.pending(versionId)) {
        if (Date.now() - started >= wait.waitMs) throw new BimFileError('version_not_processed');
        waited = true;
        await new Promise((resolve) => setTimeout(resolve, wait.pollMs));
      }
      return waited;
    })();
    waits.set(versionId, waiting);
    void waiting.then(
      () => waits.delete(versionId),
      () => waits.delete(versionId),
    );
    return waiting;
  }
  const storeOf = async (version: ExplorerVersion) => {
    // Pending as the request read it: wait before looking, so no absence is noted meanwhile.
    if (preparing && version.explorerFilePending === true) {
      await waitFor(version.id, preparing);
      return (await columnar.has(version, { fresh: true })) ? columnar : sql;
    }
    if (await columnar.has(version)) return columnar;
    if (!preparing || version.explorerFilePending === false) return sql;
    // A reader that did not read the mark: written while this request waited, the file answers
    // (not the absence noted a moment ago).
    if (await waitFor(version.id, preparing))
      return (await columnar.has(version, { fresh: true })) ? columnar : sql;
    return sql;
  };
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
