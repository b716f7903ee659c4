import type { Database } from '../../platform/db';
import { BimFileError } from './errors';
import { resolveFileVersion, type VersionRow } from './repo';

/** Where a read looks: a file of a project and, optionally, one of its versions (else the newest checked one). */
export interface VersionAddress {
  projectId: string;
  fileId: string;
  versionId?: string | undefined;
}

export interface CheckedVersion {
  file: { id: string; name: string };
  version: VersionRow;
}

/**
 * The file and its checked version (processing completed) that a read of results looks at; every
 * module's reads go through here, so they all answer the same codes and statuses (decision 0179):
 * no such file 404 `file_not_found`, no such named version 404 `version_not_found`, a named version
 * not completed 409 `version_not_processed`, no completed version at all 409 `no_processed_version`.
 */
export async function requireCheckedVersion(db: Database, address: VersionAddress): Promise<CheckedVersion> {
  const found = await findCheckedVersion(db, address);
  if (!found.version) throw new BimFileError('no_processed_version');
  return { file: found.file, version: found.version };
}

/**
 * As requireCheckedVersion, for reads that also have an answer before any version is checked (an
 * empty list, a welcome without figures): a file with no completed version, none named, gives null.
 */
export async function findCheckedVersion(
  db: Database,
  address: VersionAddress,
): Promise<{ file: CheckedVersion['file']; version: VersionRow | null }> {
  const { file, version } = await resolveFileVersion(
    db,
    address.projectId,
    address.fileId,
    address.versionId,
  );
  if (!file) throw new BimFileError('file_not_found');
  if (!version) {
    if (address.versionId !== undefined) throw new BimFileError('version_not_found');
    return { file, version: null };
  }
  if (version.status !== 'completed') throw new BimFileError('version_not_processed');
  return { file, version };
}
