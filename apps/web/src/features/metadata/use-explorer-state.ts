import { useEffect, useRef, useState } from 'react';
import { readPreferences, writePreferences } from './explorer-state';
import type { VersionAddress } from './queries';

/** Preferences are written this long after the last change (spec 2 §9: 1000 ms). */
export const PREFERENCES_SAVE_DELAY_MS = 1000;

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/**
 * The explorer's search, filters, sort and page for one project + file + version: restored from
 * local storage when the selection changes (each version has its own), saved one second after
 * the last change.
 */
export function useExplorerState(address: VersionAddress) {
  const { projectId, fileId, versionId } = address;
  const [state, setState] = useState(() => readPreferences(storage(), projectId, fileId, versionId));
  const [loadedFor, setLoadedFor] = useState(`${projectId}/${fileId}/${versionId}`);
  const current = `${projectId}/${fileId}/${versionId}`;
  // A different selection starts from what was stored for it (or the defaults), in this render.
  if (loadedFor !== current) {
    setLoadedFor(current);
    setState(readPreferences(storage(), projectId, fileId, versionId));
  }
  const latest = useRef(state);
  latest.current = state;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each change of `state` restarts the save delay
  useEffect(() => {
    if (loadedFor !== current) return;
    const timer = setTimeout(
      () => writePreferences(storage(), projectId, fileId, versionId, latest.current),
      PREFERENCES_SAVE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [state, loadedFor, current, projectId, fileId, versionId]);

  return [state, setState] as const;
}
