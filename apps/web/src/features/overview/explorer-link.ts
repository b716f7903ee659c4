/**
 * 'View in Explorer' (spec 1 §2.2): the metadata tab of the same route (/dashboard, or /demo in
 * demo mode) with project, file and version; without a processed version the explorer picks one.
 */
export function explorerLink(
  basePath: string,
  projectId: string,
  fileId: string,
  versionId: string | null,
): string {
  const params = new URLSearchParams({ tab: 'metadata', project: projectId, file: fileId });
  if (versionId) params.set('version', versionId);
  return `${basePath}?${params.toString()}`;
}

/** The File Inspector's Validity tab of a file version, on the same route. */
export function validityLink(basePath: string, projectId: string, fileId: string, versionId: string): string {
  const params = new URLSearchParams({
    tab: 'dashboard',
    fileTab: 'validity',
    project: projectId,
    file: fileId,
    version: versionId,
  });
  return `${basePath}?${params.toString()}`;
}
