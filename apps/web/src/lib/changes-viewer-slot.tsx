import type { ChangeKind } from '@plumbline/contracts';
import { type ComponentType, createContext, useContext } from 'react';

/** What the Changes viewer draws: the newer version with one specification's changes marked. */
export interface ChangesViewerProps {
  projectId: string;
  fileId: string;
  /** The newer version (its STEP ids are the viewer's ids). */
  versionId: string;
  /** The specification the changes are of (the viewer's accessible name). */
  specificationName: string;
  changes: readonly { kind: ChangeKind; step_id: number }[];
  /** How many changes there are in all; `changes` may be the first page of them. */
  total: number;
}

const Slot = createContext<ComponentType<ChangesViewerProps> | null>(null);

/**
 * The 3D viewer of a comparison's changes, provided by the app shell: the Changes view (files
 * feature) shows it without importing the viewer feature (features import lib, not each other).
 * Without a provider the view offers no 3D.
 */
export const ChangesViewerProvider = Slot.Provider;

export function useChangesViewer(): ComponentType<ChangesViewerProps> | null {
  return useContext(Slot);
}
