/**
 * The project / file / version selection shared by the Overview, File Inspector, Metadata Explorer and
 * Reports lives in the URL (`?project=&file=&version=`), so links such as "View in Explorer" carry it.
 * Choosing a project clears the file and version; choosing a file clears the version (spec 2 §2.1, spec 3 §4).
 */
export type SelectionChange = { project: string } | { file: string } | { version: string };

export function withSelection(params: URLSearchParams, change: SelectionChange): URLSearchParams {
  const next = new URLSearchParams(params);
  if ('project' in change) {
    if (next.get('project') !== change.project) {
      next.delete('file');
      next.delete('version');
    }
    next.set('project', change.project);
  } else if ('file' in change) {
    if (next.get('file') !== change.file) next.delete('version');
    next.set('file', change.file);
  } else {
    next.set('version', change.version);
  }
  return next;
}

/** `?expand=` opens a project's files in the Project List at its IDS files (the Overview's IDS prompt). */
export const EXPAND_FILES_PARAM = 'expand';

export function withExpandedFiles(params: URLSearchParams, projectId: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('tab', 'projects');
  next.set(EXPAND_FILES_PARAM, projectId);
  return next;
}
