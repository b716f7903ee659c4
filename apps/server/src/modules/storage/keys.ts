/**
 * Where each kind of upload lives in file storage (decision 0070). Keys use only ids the database
 * generated, never user-supplied names, so no file name can reach the storage layer.
 */
export const storageKeys = {
  /**
   * A model's bytes, stored once under their SHA-256 whatever file, version or project they belong to
   * (decision 0424). The first two hex digits make a directory level, so none holds millions of files.
   */
  model: (sha256: string) => `models/sha256/${sha256.slice(0, 2)}/${sha256}.ifc`,
  /** An upload on its way to its content key: its hash is known only once it is stored whole. */
  stagedModel: (id: string) => `staging/${id}.ifc`,
  /** A version's own IFC: uploads before decision 0424 and ACC versions not fetched yet. */
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
