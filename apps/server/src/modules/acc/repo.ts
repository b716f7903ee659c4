import type { VersionFailure } from '@plumbline/contracts';
import { and, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { accProjectLinks, accSessions } from '../../schema/acc';
import { billingSubscriptions as subscriptions, billingTiers as tiers } from '../../schema/billing';
import { bimFiles, fileVersions } from '../../schema/files';

export type AccSessionRow = typeof accSessions.$inferSelect;
export type AccLinkRow = typeof accProjectLinks.$inferSelect;

export async function insertSession(db: Database, values: typeof accSessions.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(accSessions)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: accSessions.id });
  return rows.length === 1;
}

/** Starts a user's own session over: new state and verifier, no tokens. False when it is someone else's. */
export async function restartSession(
  db: Database,
  id: string,
  userId: string,
  values: Pick<
    AccSessionRow,
    'flow' | 'projectId' | 'returnPath' | 'stateHash' | 'codeVerifier' | 'createdAt'
  >,
): Promise<boolean> {
  const rows = await db
    .update(accSessions)
    .set({ ...values, tokens: null, connectedAt: null, invalidatedAt: null })
    .where(and(eq(accSessions.id, id), eq(accSessions.userId, userId)))
    .returning({ id: accSessions.id });
  return rows.length === 1;
}

export async function findSession(db: Database, id: string): Promise<AccSessionRow | null> {
  const [row] = await db.select().from(accSessions).where(eq(accSessions.id, id));
  return row ?? null;
}

/** Takes the session waiting for this state, once: the state and verifier are cleared as it is read. */
export async function claimState(
  db: Database,
  stateHash: string,
): Promise<{ session: AccSessionRow; codeVerifier: string } | null> {
  const [before] = await db.select().from(accSessions).where(eq(accSessions.stateHash, stateHash));
  if (!before?.codeVerifier) return null;
  const claimed = await db
    .update(accSessions)
    .set({ stateHash: null, codeVerifier: null })
    .where(and(eq(accSessions.id, before.id), eq(accSessions.stateHash, stateHash)))
    .returning({ id: accSessions.id });
  return claimed.length === 1 ? { session: before, codeVerifier: before.codeVerifier } : null;
}

export async function storeSessionTokens(db: Database, id: string, tokens: string, at: Date): Promise<void> {
  await db.update(accSessions).set({ tokens, connectedAt: at }).where(eq(accSessions.id, id));
}

export async function invalidateSession(db: Database, id: string, userId: string, at: Date): Promise<void> {
  await db
    .update(accSessions)
    .set({ invalidatedAt: at, tokens: null })
    .where(and(eq(accSessions.id, id), eq(accSessions.userId, userId), isNull(accSessions.invalidatedAt)));
}

/** The browser's clean-up (page unload, navigation away, an error): the user's own session row goes; none is fine. */
export async function deleteSession(db: Database, id: string, userId: string): Promise<void> {
  await db.delete(accSessions).where(and(eq(accSessions.id, id), eq(accSessions.userId, userId)));
}

/** The one-hour timer's clean-up: only the sign-in it was set for (or an older one), never a restarted one. */
export async function deleteSessionIfStartedBy(db: Database, id: string, createdAt: Date): Promise<boolean> {
  const rows = await db
    .delete(accSessions)
    .where(and(eq(accSessions.id, id), lte(accSessions.createdAt, createdAt)))
    .returning({ id: accSessions.id });
  return rows.length > 0;
}

/** Sessions past their 30 minutes lose their tokens (the tokens live on in the project links made from them). */
export async function purgeSessions(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(accSessions)
    .where(sql`${accSessions.createdAt} < ${before}`)
    .returning({ id: accSessions.id });
  return rows.length;
}

export async function findLink(db: Database, projectId: string): Promise<AccLinkRow | null> {
  const [row] = await db.select().from(accProjectLinks).where(eq(accProjectLinks.projectId, projectId));
  return row ?? null;
}

export async function upsertLink(db: Database, values: typeof accProjectLinks.$inferInsert): Promise<void> {
  await db
    .insert(accProjectLinks)
    .values(values)
    .onConflictDoUpdate({
      target: accProjectLinks.projectId,
      set: {
        tokens: values.tokens,
        connectedBy: values.connectedBy,
        reauthRequiredAt: null,
        updatedAt: values.updatedAt,
      },
    });
}

export async function setLinkTokens(
  db: Database,
  projectId: string,
  tokens: string,
  at: Date,
): Promise<void> {
  await db
    .update(accProjectLinks)
    .set({ tokens, reauthRequiredAt: null, updatedAt: at })
    .where(eq(accProjectLinks.projectId, projectId));
}

export async function markReauthRequired(db: Database, projectId: string, at: Date): Promise<void> {
  await db
    .update(accProjectLinks)
    .set({ reauthRequiredAt: at, updatedAt: at })
    .where(eq(accProjectLinks.projectId, projectId));
}

export async function markSynced(db: Database, projectId: string, at: Date): Promise<void> {
  await db.update(accProjectLinks).set({ lastSyncedAt: at }).where(eq(accProjectLinks.projectId, projectId));
}

/**
 * Linked projects that may sync, with their plan's refresh frequency. With plans sold, only a project
 * whose plan allows refreshes (spec 3 §4: API access, active, paid, not cancelling) is listed.
 */
export async function listSyncCandidates(
  db: Database,
  billingEnabled: boolean,
): Promise<{ projectId: string; lastSyncedAt: Date | null; frequency: string | null }[]> {
  const base = db
    .select({
      projectId: accProjectLinks.projectId,
      lastSyncedAt: accProjectLinks.lastSyncedAt,
      frequency: tiers.refreshFrequency,
    })
    .from(accProjectLinks)
    .leftJoin(subscriptions, eq(subscriptions.projectId, accProjectLinks.projectId))
    .leftJoin(tiers, eq(tiers.id, subscriptions.tierId));
  if (!billingEnabled) return base.where(isNull(accProjectLinks.reauthRequiredAt));
  return base.where(
    and(
      isNull(accProjectLinks.reauthRequiredAt),
      eq(subscriptions.status, 'active'),
      eq(subscriptions.paymentStatus, 'paid'),
      eq(subscriptions.cancelAtPeriodEnd, false),
      eq(tiers.allowApiAccess, true),
    ),
  );
}

export interface AccFileRow {
  bimFileId: string;
  name: string;
  accItemId: string;
  /** The Autodesk version ids already imported. */
  importedVersionIds: string[];
}

/** The project's included files that came from ACC, with the Autodesk versions each already has. */
export async function listAccFiles(db: Database, projectId: string): Promise<AccFileRow[]> {
  const rows = await db
    .select({
      bimFileId: bimFiles.id,
      name: bimFiles.name,
      accItemId: bimFiles.accItemId,
      versionId: fileVersions.accVersionId,
    })
    .from(bimFiles)
    .leftJoin(
      fileVersions,
      and(eq(fileVersions.bimFileId, bimFiles.id), isNotNull(fileVersions.accVersionId)),
    )
    .where(
      and(eq(bimFiles.projectId, projectId), eq(bimFiles.included, true), isNotNull(bimFiles.accItemId)),
    );
  const byFile = new Map<string, AccFileRow>();
  for (const row of rows) {
    const file = byFile.get(row.bimFileId) ?? {
      bimFileId: row.bimFileId,
      name: row.name,
      accItemId: row.accItemId as string,
      importedVersionIds: [],
    };
    if (row.versionId) file.importedVersionIds.push(row.versionId);
    byFile.set(row.bimFileId, file);
  }
  return [...byFile.values()];
}

/** The ACC file of that item in the project, created when new (the name follows Autodesk's). */
export async function upsertAccBimFile(
  tx: Database,
  input: { projectId: string; accItemId: string; name: string; userId: string | null; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(bimFiles)
    .values({
      projectId: input.projectId,
      name: input.name,
      sourceFilename: input.name,
      source: 'acc',
      accItemId: input.accItemId,
      createdBy: input.userId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({ target: [bimFiles.projectId, bimFiles.accItemId], set: { updatedAt: input.now } })
    .returning({ id: bimFiles.id });
  return (row as { id: string }).id;
}

/**
 * A pending version for an Autodesk version not imported yet; null when it already is (the unique
 * index on file + Autodesk version makes a repeated sync a no-op).
 */
export async function insertAccVersion(
  tx: Database,
  values: {
    id: string;
    bimFileId: string;
    accVersionId: string;
    accVersionNumber: number;
    sizeBytes: number;
    storageKey: string;
    userId: string | null;
    now: Date;
  },
): Promise<string | null> {
  const [max] = await tx
    .select({ max: sql<number | null>`max(${fileVersions.versionNumber})` })
    .from(fileVersions)
    .where(eq(fileVersions.bimFileId, values.bimFileId));
  const rows = await tx
    .insert(fileVersions)
    .values({
      id: values.id,
      bimFileId: values.bimFileId,
      versionNumber: Number(max?.max ?? 0) + 1,
      versionTag: `v${values.accVersionNumber}`,
      status: 'pending',
      sizeBytes: values.sizeBytes,
      sha256: '',
      storageKey: values.storageKey,
      accVersionId: values.accVersionId,
      createdBy: values.userId,
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: fileVersions.id });
  return rows[0]?.id ?? null;
}

export interface FetchTarget {
  versionId: string;
  projectId: string;
  fileName: string;
  accVersionId: string;
  storageKey: string;
  status: string;
  /** Empty until the fetch stored the bytes (completeFetch). */
  sha256: string;
}

export async function findFetchTarget(db: Database, versionId: string): Promise<FetchTarget | null> {
  const [row] = await db
    .select({
      versionId: fileVersions.id,
      projectId: bimFiles.projectId,
      fileName: bimFiles.name,
      accVersionId: fileVersions.accVersionId,
      storageKey: fileVersions.storageKey,
      status: fileVersions.status,
      sha256: fileVersions.sha256,
    })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .where(eq(fileVersions.id, versionId));
  return row?.accVersionId ? { ...row, accVersionId: row.accVersionId } : null;
}

export async function completeFetch(
  tx: Database,
  versionId: string,
  stored: { size: number; sha256: string; key: string },
): Promise<boolean> {
  const rows = await tx
    .update(fileVersions)
    .set({ sizeBytes: stored.size, sha256: stored.sha256, storageKey: stored.key })
    .where(and(eq(fileVersions.id, versionId), eq(fileVersions.status, 'pending')))
    .returning({ id: fileVersions.id });
  return rows.length === 1;
}

export async function failVersion(
  db: Database,
  versionId: string,
  failure: VersionFailure,
  at: Date,
): Promise<void> {
  await db
    .update(fileVersions)
    .set({ status: 'failed', errorCode: failure.code, errorParams: failure.params, processedAt: at })
    .where(eq(fileVersions.id, versionId));
}

/**
 * Back to pending, error cleared, for those of `versionIds` that are failed ACC versions whose IFC was
 * never stored (no checksum yet): the ones a new fetch can mend. Returns their ids.
 */
export async function resetFailedFetches(tx: Database, versionIds: readonly string[]): Promise<string[]> {
  if (versionIds.length === 0) return [];
  const rows = await tx
    .update(fileVersions)
    .set({ status: 'pending', errorCode: null, errorParams: null, processedAt: null })
    .where(
      and(
        inArray(fileVersions.id, [...versionIds]),
        eq(fileVersions.status, 'failed'),
        eq(fileVersions.sha256, ''),
        isNotNull(fileVersions.accVersionId),
      ),
    )
    .returning({ id: fileVersions.id });
  return rows.map((row) => row.id);
}

/** The newest Autodesk version of an ACC file (viewer token and model urn). */
export async function latestAccVersion(
  db: Database,
  projectId: string,
  fileId: string,
): Promise<{ accVersionId: string } | null> {
  const [row] = await db
    .select({ accVersionId: fileVersions.accVersionId })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .where(
      and(eq(bimFiles.id, fileId), eq(bimFiles.projectId, projectId), isNotNull(fileVersions.accVersionId)),
    )
    .orderBy(desc(fileVersions.versionNumber))
    .limit(1);
  return row?.accVersionId ? { accVersionId: row.accVersionId } : null;
}

export async function projectOfFile(db: Database, fileId: string): Promise<string | null> {
  const [row] = await db
    .select({ projectId: bimFiles.projectId })
    .from(bimFiles)
    .where(eq(bimFiles.id, fileId));
  return row?.projectId ?? null;
}

export async function projectFileNames(db: Database, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ name: bimFiles.name })
    .from(bimFiles)
    .where(eq(bimFiles.projectId, projectId));
  return rows.map((r) => r.name);
}

export async function importedItemIds(db: Database, projectId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: bimFiles.id, itemId: bimFiles.accItemId })
    .from(bimFiles)
    .where(and(eq(bimFiles.projectId, projectId), isNotNull(bimFiles.accItemId)));
  return new Map(rows.map((r) => [r.itemId as string, r.id]));
}
