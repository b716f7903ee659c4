import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { bimFiles, fileVersions, idsFiles, projects } from '../../schema';
import { refreshVersionTotals, versionsCheckedAgainst } from '../overview';

/**
 * Deletes a BIM file with every version (rows of elements and results go by cascade and triggers).
 * `explorerFiles`: the explorer files of its versions that no version left shares (decision 0433),
 * each a version's own (`ownExplorerFile`) or the one it shared.
 */
export async function deleteBimFile(
  tx: Database,
  projectId: string,
  fileId: string,
  ownExplorerFile: (versionId: string) => string,
): Promise<{ name: string; storageKeys: string[]; versionIds: string[]; explorerFiles: string[] } | null> {
  const versions = await tx
    .select({ id: fileVersions.id, key: fileVersions.storageKey, explorer: fileVersions.explorerFileKey })
    .from(fileVersions)
    .innerJoin(bimFiles, eq(bimFiles.id, fileVersions.bimFileId))
    .where(and(eq(bimFiles.projectId, projectId), eq(bimFiles.id, fileId)));
  const [deleted] = await tx
    .delete(bimFiles)
    .where(and(eq(bimFiles.projectId, projectId), eq(bimFiles.id, fileId)))
    .returning({ name: bimFiles.name });
  if (!deleted) return null;
  const candidates = [...new Set(versions.map((v) => v.explorer ?? ownExplorerFile(v.id)))];
  const shared =
    candidates.length === 0
      ? []
      : await tx
          .selectDistinct({ key: fileVersions.explorerFileKey })
          .from(fileVersions)
          .where(inArray(fileVersions.explorerFileKey, candidates));
  const kept = new Set(shared.map((row) => row.key));
  return {
    name: deleted.name,
    storageKeys: versions.map((v) => v.key),
    versionIds: versions.map((v) => v.id),
    explorerFiles: candidates.filter((key) => !kept.has(key)),
  };
}

/**
 * Deletes an IDS file, every revision of its lineage (issue 30) with it, with their specifications
 * and results (cascade and triggers), and refreshes the overview figures of every version that was
 * checked against them.
 */
export async function deleteIdsFile(
  tx: Database,
  projectId: string,
  id: string,
): Promise<{ name: string; storageKeys: string[]; isActive: boolean; sha256: string } | null> {
  const lineage = sql`select f.lineage_id from ids_files f where f.id = ${id} and f.project_id = ${projectId}`;
  const checked = await versionsCheckedAgainst(
    tx,
    sql`select s.id from ids_specifications s join ids_files f on f.id = s.ids_file_id where f.lineage_id = (${lineage})`,
  );
  const deleted = await tx
    .delete(idsFiles)
    .where(and(eq(idsFiles.projectId, projectId), sql`${idsFiles.lineageId} = (${lineage})`))
    .returning({
      id: idsFiles.id,
      name: idsFiles.name,
      storageKey: idsFiles.storageKey,
      isActive: idsFiles.isActive,
      sha256: idsFiles.sha256,
    });
  if (deleted.length === 0) return null;
  await refreshVersionTotals(tx, checked);
  const named = deleted.find((row) => row.id === id) ?? deleted[0];
  return {
    name: named?.name ?? '',
    storageKeys: deleted.map((row) => row.storageKey),
    isActive: deleted.some((row) => row.isActive),
    sha256: named?.sha256 ?? '',
  };
}

/** Marks exactly `fileIds` as the project's files; the others stay stored but excluded. */
export async function setIncludedFiles(
  tx: Database,
  projectId: string,
  fileIds: readonly string[],
): Promise<void> {
  await tx
    .update(bimFiles)
    .set({ included: fileIds.length === 0 ? sql`false` : inArray(bimFiles.id, [...fileIds]) })
    .where(eq(bimFiles.projectId, projectId));
}

/**
 * Starts the refresh cooldown, unless one is running: sets last_processed_at when it is unset or
 * older than `before`. One conditional update, so two refreshes at once cannot both pass.
 */
export async function claimRefresh(
  tx: Database,
  projectId: string,
  now: Date,
  before: Date,
): Promise<boolean> {
  const rows = await tx
    .update(projects)
    .set({ lastProcessedAt: now })
    .where(
      and(
        eq(projects.id, projectId),
        or(isNull(projects.lastProcessedAt), lte(projects.lastProcessedAt, before)),
      ),
    )
    .returning({ id: projects.id });
  return rows.length > 0;
}

/**
 * The newest version of every included file of the project; `stored` is false for an ACC version
 * whose IFC was never stored (its fetch or RVT translation has not succeeded): it cannot be processed.
 */
export async function listIncludedLatestVersions(
  db: Database,
  projectId: string,
): Promise<{ versionId: string; bimFileId: string; stored: boolean }[]> {
  const result = await db.execute(sql`
    select distinct on (fv.bim_file_id) fv.id, fv.bim_file_id,
      (fv.acc_version_id is null or fv.sha256 <> '') as stored
    from file_versions fv join bim_files bf on bf.id = fv.bim_file_id
    where bf.project_id = ${projectId} and bf.included
    order by fv.bim_file_id, fv.version_number desc`);
  const rows = (result as unknown as { rows: { id: string; bim_file_id: string; stored: boolean }[] }).rows;
  return rows.map((row) => ({
    versionId: String(row.id),
    bimFileId: String(row.bim_file_id),
    stored: row.stored === true,
  }));
}

/** The project's files made from these ACC items. */
export async function fileIdsOfItems(tx: Database, projectId: string, itemIds: string[]): Promise<string[]> {
  if (itemIds.length === 0) return [];
  const rows = await tx
    .select({ id: bimFiles.id })
    .from(bimFiles)
    .where(and(eq(bimFiles.projectId, projectId), inArray(bimFiles.accItemId, itemIds)));
  return rows.map((r) => r.id);
}
