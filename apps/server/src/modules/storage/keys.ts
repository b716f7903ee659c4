/**
 * Where each kind of upload lives in file storage (decision 0070). Keys use only ids the database
 * generated, never user-supplied names, so no file name can reach the storage layer.
 */
export const storageKeys = {
  bimFileVersion: (projectId: string, versionId: string) => `projects/${projectId}/bimfiles/${versionId}.ifc`,
  /** The 3D viewer's fragments of a version, beside its IFC. */
  bimFileFragments: (projectId: string, versionId: string) =>
    `projects/${projectId}/bimfiles/${versionId}.frag`,
  /** The Metadata Explorer's rows of a version, one immutable Parquet file (decision 0274). */
  explorerRows: (projectId: string, versionId: string) =>
    `projects/${projectId}/bimfiles/${versionId}.rows.parquet`,
  idsFile: (projectId: string, idsFileId: string) => `projects/${projectId}/idsfiles/${idsFileId}.ids`,
  report: (projectId: string, reportId: string, format: string) =>
    `projects/${projectId}/reports/${reportId}.${format === 'xlsx' ? 'xlsx' : format === 'bcf' ? 'bcf' : 'pdf'}`,
};
