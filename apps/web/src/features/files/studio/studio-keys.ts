/**
 * The Studio's cache keys, under the project's root (decision 0215) so a project's refresh reaches
 * them too; kept beside the Studio (loaded when it opens) rather than in the first view's
 * query-keys.ts, whose bundle budget is full.
 */
import type { DataSourceMode } from '@/lib/data-source';
import { queryKeys } from '@/lib/query-keys';

type Mode = DataSourceMode;

const studio = (mode: Mode, projectId: string) =>
  [...queryKeys.project(mode, projectId), 'ids-studio'] as const;

export const studioKeys = {
  /** A processed version's classes and property sets, as the Studio lists them first. */
  model: (mode: Mode, projectId: string, versionId: string | null) =>
    [...studio(mode, projectId), 'model', versionId] as const,
  /** The newest processed version of a file. */
  newestVersion: (mode: Mode, projectId: string, fileId: string) =>
    [...studio(mode, projectId), 'newest-version', fileId] as const,
  /** One property's values in a processed version, with counts. */
  values: (mode: Mode, projectId: string, versionId: string | null, propertySet: string, name: string) =>
    [...studio(mode, projectId), 'values', versionId, propertySet, name] as const,
  /** The live count of the text being edited on a version (the text is the key: each edit asks again). */
  live: (mode: Mode, projectId: string, versionId: string | null, text: string) =>
    [...studio(mode, projectId), 'live', versionId, text] as const,
  /** The schema's choices for one IFC version: the same for everyone, no project's. */
  schema: (ifcVersion: string) => ['ids-studio', 'schema', ifcVersion] as const,
};
