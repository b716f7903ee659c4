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
    error: string | null;
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
        'error', fv.error)
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

// node-postgres parses json columns; PGlite may hand back text for a json expression.
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
