import { type IdsDocument, parseIds } from '@plumbline/ids';
import type { FileStorage } from '../../platform/storage/storage';
import { readAll } from '../storage';

/** How many parsed IDS files stay in memory (they are small; a project rarely has more active). */
const MAX_CACHED = 32;

export interface IdsDocumentSource {
  /** The parsed IDS file, or null when it cannot be read (the answer then lacks element facts). */
  load(idsFileId: string, sha256: string, storageKey: string): Promise<IdsDocument | null>;
}

/**
 * Parsed IDS files for facet details, keyed by file and content hash so a replaced file is never
 * served stale. Oldest entry out first.
 */
export function createIdsDocumentSource(storage: FileStorage): IdsDocumentSource {
  const cache = new Map<string, Promise<IdsDocument | null>>();
  return {
    load(idsFileId, sha256, storageKey) {
      const key = `${idsFileId}:${sha256}`;
      const hit = cache.get(key);
      if (hit) return hit;
      const loading = storage
        .getStream(storageKey)
        .then((stream) => readAll(stream))
        .then((bytes) => parseIds(bytes))
        .catch(() => {
          // Not remembered: a storage hiccup should not hide details until the next restart.
          cache.delete(key);
          return null;
        });
      cache.set(key, loading);
      if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
      return loading;
    },
  };
}
