import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { bimFiles, fileVersions } from '../../schema';

export interface BimFileSummaryRow {
  id: string;
  name: string;
  sourceFilename: string;
  included: boolean;
  createdAt: Date;
  updatedAt: Date;
  versionCount: number;
  totalSizeBytes: number;
  latest: {
    versionTag: string;
    status: 'pending' | 'processing' | 'completed' | 'failed';
    sizeBytes: number;
    elementsCount: number | null;
    errorCode: string | null;
    errorParams: Record<string, string | number> | null;
    /** A re-check against changed IDS rules is queued: the figures are about to change. */
    rechecking: boolean;
  } | null;
}

/**
 * Files of a project, each with its version count, stored size and latest version. The subqueries
 * qualify the outer table explicitly: unqualified, `id` would bind to file_versions.
 */
export async function listProjectBimFiles(
  db: Database,
  projectId: string,
  fileId?: string,
): Promise<BimFileSummaryRow[]> {
  const where = fileId ? eq(bimFiles.id, fileId) : undefined;
  const rows = await db
    .select({
      id: bimFiles.id,
      name: bimFiles.name,
      sourceFilename: bimFiles.sourceFilename,
      included: bimFiles.included,
      createdAt: bimFiles.createdAt,
      updatedAt: bimFiles.updatedAt,
      versionCount: sql<number>`(select count(*)::int from file_versions fv where fv.bim_file_id = "bim_files"."id")`,
      totalSizeBytes: sql<number>`(select coalesce(sum(fv.size_bytes), 0)::bigint from file_versions fv
        where fv.bim_file_id = "bim_files"."id")`.mapWith(Number),
      latest: sql<BimFileSummaryRow['latest']>`(select json_build_object('versionTag', fv.version_tag,
        'status', fv.status, 'sizeBytes', fv.size_bytes, 'elementsCount', fv.elements_count,
        'errorCode', fv.error_code, 'errorParams', fv.error_params, 'rechecking', fv.recheck_queued_at is not null)
        from file_versions fv where fv.bim_file_id = "bim_files"."id" order by fv.version_number desc limit 1)`,
    })
    .from(bimFiles)
    .where(where ? and(eq(bimFiles.projectId, projectId), where) : eq(bimFiles.projectId, projectId))
    .orderBy(asc(bimFiles.name), asc(bimFiles.createdAt));
  return rows.map((row) => ({
    ...row,
    versionCount: Number(row.versionCount),
    latest: parseLatest(row.latest),
  }));
}

// node-postgres parses json; a json value built as text (json_build_object over a cast) arrives as a string.
function parseLatest(value: unknown): BimFileSummaryRow['latest'] {
  if (value == null) return null;
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as NonNullable<
    BimFileSummaryRow['latest']
  >;
  return { ...parsed, sizeBytes: Number(parsed.sizeBytes) };
}

export type FileVersionRow = typeof fileVersions.$inferSelect;

/**
 * The file of that name in the project, created when new; the upsert locks its row until the
 * transaction ends, so concurrent uploads of one name get consecutive version numbers.
 */
export async function upsertBimFileByName(
  tx: Database,
  input: { projectId: string; name: string; userId: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(bimFiles)
    .values({
      projectId: input.projectId,
      name: input.name,
      sourceFilename: input.name,
      createdBy: input.userId,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoUpdate({
      target: [bimFiles.projectId, bimFiles.name],
      set: { updatedAt: input.now, sourceFilename: input.name },
    })
    .returning({ id: bimFiles.id });
  return (row as { id: string }).id;
}

export async function nextVersionNumber(tx: Database, bimFileId: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${fileVersions.versionNumber})` })
    .from(fileVersions)
    .where(eq(fileVersions.bimFileId, bimFileId));
  return Number(row?.max ?? 0) + 1;
}

export async function insertFileVersion(
  tx: Database,
  values: typeof fileVersions.$inferInsert,
): Promise<FileVersionRow> {
  const [row] = await tx.insert(fileVersions).values(values).returning();
  return row as FileVersionRow;
}

export async function listFileVersions(db: Database, bimFileId: string): Promise<FileVersionRow[]> {
  return db
    .select()
    .from(fileVersions)
    .where(eq(fileVersions.bimFileId, bimFileId))
    .orderBy(desc(fileVersions.versionNumber));
}

export async function findFileVersion(
  db: Database,
  bimFileId: string,
  versionId: string,
): Promise<FileVersionRow | null> {
  const [row] = await db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.bimFileId, bimFileId), eq(fileVersions.id, versionId)));
  return row ?? null;
}

export interface VersionRow {
  id: string;
  bimFileId: string;
  versionNumber: number;
  versionTag: string;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  processedAt: Date | null;
  /** When its results were last written (processing or a re-check). */
  checkedAt: Date | null;
  elementsCount: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The version a read looks at, in one query: `versionId` when given (it must belong to the file of
 * the project), else the file's newest completed version. `file` is null when the project has no
 * such file; `version` is null when there is no such version (or no completed one). Each module
 * maps these answers to its own errors.
 */
export async function resolveFileVersion(
  db: Database,
  projectId: string,
  fileId: string,
  versionId: string | undefined,
): Promise<{ file: { id: string; name: string } | null; version: VersionRow | null }> {
  const pick =
    versionId === undefined
      ? sql`fv.status = 'completed' order by fv.version_number desc`
      : sql`fv.id = ${versionId}`;
  const result = await db.execute(sql`
    select bf.id as "fileId", bf.name as "fileName", v.id, v.version_number as "versionNumber",
      v.version_tag as "versionTag", v.status, v.processed_at as "processedAt",
      v.checked_at as "checkedAt", v.elements_count as "elementsCount"
    from bim_files bf
    left join lateral (
      select fv.id, fv.version_number, fv.version_tag, fv.status, fv.processed_at, fv.checked_at,
        fv.elements_count
      from file_versions fv
      where fv.bim_file_id = bf.id and ${pick} limit 1
    ) v on true
    where bf.id = ${fileId} and bf.project_id = ${projectId}`);
  const row = rowsOf<{
    fileId: string;
    fileName: string;
    id: string | null;
    versionNumber: number | string;
    versionTag: string;
    status: VersionRow['status'];
    processedAt: string | Date | null;
    checkedAt: string | Date | null;
    elementsCount: number | string | null;
  }>(result)[0];
  if (!row) return { file: null, version: null };
  const file = { id: row.fileId, name: row.fileName };
  if (row.id === null) return { file, version: null };
  return {
    file,
    version: {
      id: row.id,
      bimFileId: row.fileId,
      versionNumber: Number(row.versionNumber),
      versionTag: row.versionTag,
      status: row.status,
      processedAt: row.processedAt === null ? null : new Date(row.processedAt),
      checkedAt: row.checkedAt === null ? null : new Date(row.checkedAt),
      elementsCount: Number(row.elementsCount ?? 0),
    },
  };
}
