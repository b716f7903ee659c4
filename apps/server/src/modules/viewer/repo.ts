import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { bimFiles, elements, fileVersionFragments, fileVersions } from '../../schema';

export type VersionStatus = 'pending' | 'processing' | 'completed' | 'failed';
export type FragmentsStatus = 'pending' | 'converting' | 'ready' | 'failed';

export interface FragmentsRow {
  fileVersionId: string;
  status: FragmentsStatus;
  storageKey: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  convertMs: number | null;
  error: string | null;
}

const fragmentsColumns = {
  fileVersionId: fileVersionFragments.fileVersionId,
  status: fileVersionFragments.status,
  storageKey: fileVersionFragments.storageKey,
  sizeBytes: fileVersionFragments.sizeBytes,
  sha256: fileVersionFragments.sha256,
  convertMs: fileVersionFragments.convertMs,
  error: fileVersionFragments.error,
};

export async function findFragments(db: Database, versionId: string): Promise<FragmentsRow | null> {
  const [row] = await db
    .select(fragmentsColumns)
    .from(fileVersionFragments)
    .where(eq(fileVersionFragments.fileVersionId, versionId));
  return row ?? null;
}

/** Marks a version's conversion queued; true when this call created the row (so it should send the job). */
export async function insertPendingFragments(db: Database, versionId: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(fileVersionFragments)
    .values({ fileVersionId: versionId, status: 'pending', updatedAt: at })
    .onConflictDoNothing()
    .returning({ id: fileVersionFragments.fileVersionId });
  return inserted.length > 0;
}

/** Sets a version's conversion back to pending (a new conversion is queued); false without the version. */
export async function markFragmentsPending(db: Database, versionId: string, at: Date): Promise<boolean> {
  return saveFragmentsState(
    db,
    versionId,
    { status: 'pending', storageKey: null, sizeBytes: null, sha256: null, convertMs: null, error: null },
    at,
  );
}

/** Sets a version's conversion state; false when the version no longer exists. */
export async function saveFragmentsState(
  db: Database,
  versionId: string,
  state: Omit<FragmentsRow, 'fileVersionId'>,
  at: Date,
): Promise<boolean> {
  const exists = await db
    .select({ id: fileVersions.id })
    .from(fileVersions)
    .where(eq(fileVersions.id, versionId));
  if (exists.length === 0) return false;
  const values = { ...state, updatedAt: at };
  await db
    .insert(fileVersionFragments)
    .values({ fileVersionId: versionId, ...values })
    .onConflictDoUpdate({ target: fileVersionFragments.fileVersionId, set: values });
  return true;
}

export interface VersionToConvert {
  id: string;
  projectId: string;
  storageKey: string;
  sizeBytes: number;
}

export async function findVersionToConvert(
  db: Database,
  versionId: string,
): Promise<VersionToConvert | null> {
  const [row] = await db
    .select({
      id: fileVersions.id,
      projectId: bimFiles.projectId,
      storageKey: fileVersions.storageKey,
      sizeBytes: fileVersions.sizeBytes,
    })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .where(eq(fileVersions.id, versionId));
  return row ?? null;
}

/** STEP ids (viewer ids) of the elements of a version with these GlobalIds. */
export async function stepIdsByGlobalIds(
  db: Database,
  versionId: string,
  globalIds: string[],
): Promise<Array<{ stepId: number; globalId: string | null }>> {
  if (globalIds.length === 0) return [];
  return db
    .select({ stepId: elements.stepId, globalId: elements.globalId })
    .from(elements)
    .where(and(eq(elements.fileVersionId, versionId), inArray(elements.globalId, globalIds)));
}
