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
  if (specifications.length > 0) {
    await tx
      .insert(idsSpecifications)
      .values(specifications.map((spec) => ({ ...spec, idsFileId: file.id as string })));
  }
}

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
