import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { idsFiles, idsSpecifications } from '../../schema';

export type IdsFileRow = typeof idsFiles.$inferSelect & { specificationsCount: number };

const withCount = {
  id: idsFiles.id,
  projectId: idsFiles.projectId,
  name: idsFiles.name,
  title: idsFiles.title,
  isActive: idsFiles.isActive,
  sizeBytes: idsFiles.sizeBytes,
  sha256: idsFiles.sha256,
  storageKey: idsFiles.storageKey,
  createdBy: idsFiles.createdBy,
  createdAt: idsFiles.createdAt,
  updatedAt: idsFiles.updatedAt,
  specificationsCount:
    sql<number>`(select count(*)::int from ids_specifications s where s.ids_file_id = "ids_files"."id")`.mapWith(
      Number,
    ),
};

export async function listIdsFiles(db: Database, projectId: string): Promise<IdsFileRow[]> {
  return db
    .select(withCount)
    .from(idsFiles)
    .where(eq(idsFiles.projectId, projectId))
    .orderBy(asc(idsFiles.name), asc(idsFiles.createdAt));
}

export async function findIdsFile(db: Database, projectId: string, id: string): Promise<IdsFileRow | null> {
  const [row] = await db
    .select(withCount)
    .from(idsFiles)
    .where(and(eq(idsFiles.projectId, projectId), eq(idsFiles.id, id)));
  return row ?? null;
}

export async function insertIdsFile(
  tx: Database,
  file: typeof idsFiles.$inferInsert,
  specifications: Omit<typeof idsSpecifications.$inferInsert, 'idsFileId'>[],
): Promise<void> {
  await tx.insert(idsFiles).values(file);
  // In batches: one statement for 33,861 specifications overflowed the query builder's stack and
  // PostgreSQL's 65,535-parameter limit (issue 16).
  for (let start = 0; start < specifications.length; start += SPECIFICATION_BATCH) {
    await tx
      .insert(idsSpecifications)
      .values(
        specifications
          .slice(start, start + SPECIFICATION_BATCH)
          .map((spec) => ({ ...spec, idsFileId: file.id as string })),
      );
  }
}

/** Specifications per insert statement: well under PostgreSQL's parameter limit for their columns. */
export const SPECIFICATION_BATCH = 1000;

/** Sets is_active; true when it changed. */
export async function setIdsFileActive(
  tx: Database,
  projectId: string,
  id: string,
  isActive: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(idsFiles)
    .set({ isActive, updatedAt: now })
    .where(
      and(eq(idsFiles.projectId, projectId), eq(idsFiles.id, id), sql`${idsFiles.isActive} <> ${isActive}`),
    )
    .returning({ id: idsFiles.id });
  return rows.length > 0;
}
