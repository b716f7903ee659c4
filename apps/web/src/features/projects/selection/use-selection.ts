import type { BimFile, BimFileVersion, Project } from '@plumbline/contracts';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { activeProjects } from '../project-search';
import { useProjectFiles, useProjects } from '../queries';
import { withSelection } from '../selection-params';
import { initialSelection, readSelection, type SelectionScope, writeSelection } from './selection-memory';
import { useFileVersions } from './versions-query';

export interface FileSelection {
  projectId: string | null;
  fileId: string | null;
  versionId: string | null;
  project: Project | undefined;
  file: BimFile | undefined;
  version: BimFileVersion | undefined;
  projects: Project[];
  files: BimFile[];
  versions: BimFileVersion[];
  /** Project, file and version all chosen: the areas show their data only then. */
  isComplete: boolean;
  /**
   * The URL names a project that is not listed (deleted, access removed, a stale link or a remembered
   * choice): the area shows Project Not Found and opens no other project (spec 1 §8, issue 17).
   */
  isStale: boolean;
  /** The project list is still loading (areas show a skeleton rather than an empty state). */
  isLoadingProjects: boolean;
  projectsError: unknown;
  selectProject(projectId: string): void;
  selectFile(fileId: string): void;
  selectVersion(versionId: string): void;
}

const browserStorage = () => (typeof window === 'undefined' ? undefined : window.localStorage);

/** The newest version that finished processing: what a freshly chosen file shows. */
export function latestCompletedVersion(versions: readonly BimFileVersion[]): BimFileVersion | undefined {
  return [...versions]
    .sort((a, b) => b.version_number - a.version_number)
    .find((v) => v.status === 'completed');
}

/**
 * The project / file / version an area looks at (File Inspector, Metadata Explorer, …). The URL
 * (`?project=&file=&version=`) holds it, so 'View in Explorer' links and reloads keep it; choosing a
 * project clears file and version, choosing a file clears the version (spec 2 §2.1, spec 3 §4). Each
 * area remembers its last choice locally and restores it when the URL names none. A freshly chosen
 * file opens at its newest completed version; a project's only file is chosen for the user.
 */
export function useSelection(scope: SelectionScope): FileSelection {
  const [params, setParams] = useSearchParams();
  const projectsQuery = useProjects();
  const projects = useMemo(() => activeProjects(projectsQuery.data ?? []), [projectsQuery.data]);
  const projectId = params.get('project');
  const fileId = params.get('file');
  const versionId = params.get('version');
  const project = projects.find((p) => p.id === projectId);
  const filesQuery = useProjectFiles(project?.id);
  const files = filesQuery.data ?? [];
  const file = files.find((f) => f.id === fileId);
  const versionsQuery = useFileVersions(project?.id ?? null, file?.id ?? null);
  const versions = versionsQuery.data ?? [];
  const version = versions.find((v) => v.id === versionId);

  // Restore the remembered selection once, on entering the area, when the URL names no project; later
  // changes come from the pickers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per area, not on every URL change
  useEffect(() => {
    const url = { project: params.get('project'), file: params.get('file'), version: params.get('version') };
    const restored = initialSelection(url, readSelection(browserStorage(), scope));
    if (!restored) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const key of ['project', 'file', 'version'] as const) {
          const value = restored[key];
          if (value) next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }, [scope]);

  // Remember what the URL says now.
  useEffect(() => {
    if (!projectId) return;
    writeSelection(browserStorage(), scope, { project: projectId, file: fileId, version: versionId });
  }, [scope, projectId, fileId, versionId]);

  // A project with a single file has nothing to choose: that file is selected (issue 17).
  const onlyFileId =
    project && !fileId && filesQuery.isSuccess && files.length === 1 ? files[0]?.id : undefined;
  useEffect(() => {
    if (!onlyFileId) return;
    setParams((previous) => withSelection(previous, { file: onlyFileId }), { replace: true });
  }, [onlyFileId, setParams]);

  // A chosen file without a version opens at its newest completed version.
  const autoVersion = fileId && !versionId ? latestCompletedVersion(versions)?.id : undefined;
  useEffect(() => {
    if (!autoVersion) return;
    setParams((previous) => withSelection(previous, { version: autoVersion }), { replace: true });
  }, [autoVersion, setParams]);

  return {
    projectId: project?.id ?? null,
    fileId: file?.id ?? null,
    versionId: version?.id ?? null,
    project,
    file,
    version,
    projects,
    files,
    versions,
    isComplete: Boolean(project && file && version),
    isStale: projectsQuery.isSuccess && projectId !== null && project === undefined,
    isLoadingProjects: projectsQuery.isPending,
    projectsError: projectsQuery.error,
    selectProject: (id) => setParams((previous) => withSelection(previous, { project: id })),
    selectFile: (id) => setParams((previous) => withSelection(previous, { file: id })),
    selectVersion: (id) => setParams((previous) => withSelection(previous, { version: id })),
  };
}
