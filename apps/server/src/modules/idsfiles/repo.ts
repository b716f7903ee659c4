import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { idsFiles, idsSpecifications } from '../../schema';

export type IdsFileRow = typeof idsFiles.$inferSelect & {
  specificationsCount: number;
  revisionsCount: number;
};

const withCount = {
  id: idsFiles.id,
  projectId: idsFiles.projectId,
  lineageId: idsFiles.lineageId,
  revision: idsFiles.revision,
  supersededAt: idsFiles.supersededAt,
  supersededBy: idsFiles.supersededBy,
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
  revisionsCount:
    sql<number>`(select count(*)::int from ids_files r where r.lineage_id = "ids_files"."lineage_id")`.mapWith(
      Number,
    ),
};

/** The project's IDS files: each lineage's current revision. */
export async function listIdsFiles(db: Database, projectId: string): Promise<IdsFileRow[]> {
  return db
    .select(withCount)
    .from(idsFiles)
    .where(and(eq(idsFiles.projectId, projectId), isNull(idsFiles.supersededAt)))
    .orderBy(asc(idsFiles.name), asc(idsFiles.createdAt));
}

/** Every revision of a lineage, newest first. */
export async function listRevisions(
  db: Database,
  projectId: string,
  lineageId: string,
): Promise<IdsFileRow[]> {
  return db
    .select(withCount)
    .from(idsFiles)
    .where(and(eq(idsFiles.projectId, projectId), eq(idsFiles.lineageId, lineageId)))
    .orderBy(desc(idsFiles.revision));
}

/** The current revision with this title and file name (an upload that looks like its next revision). */
export async function findRevisionCandidate(
  db: Database,
  projectId: string,
  name: string,
  title: string | null,
): Promise<IdsFileRow | null> {
  if (title === null || title.trim() === '') return null;
  const [row] = await db
    .select(withCount)
    .from(idsFiles)
    .where(
      and(
        eq(idsFiles.projectId, projectId),
        isNull(idsFiles.supersededAt),
        eq(idsFiles.name, name),
        eq(idsFiles.title, title),
      ),
    )
    .orderBy(desc(idsFiles.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Marks `oldId` as replaced and switches it off, locking its row for the transaction; false when
 * another revision replaced it first.
 */
export async function supersede(tx: Database, oldId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(idsFiles)
    .set({ supersededAt: at, isActive: false, updatedAt: at })
    .where(and(eq(idsFiles.id, oldId), isNull(idsFiles.supersededAt)))
    .returning({ id: idsFiles.id });
  return rows.length > 0;
}

/** Records which revision replaced `oldId` (once the new one's row exists). */
export async function linkSuccessor(tx: Database, oldId: string, nextId: string): Promise<void> {
  await tx.update(idsFiles).set({ supersededBy: nextId }).where(eq(idsFiles.id, oldId));
}

export async function findIdsFile(db: Database, projectId: string, id: string): Promise<IdsFileRow | null> {
  const [row] = await db
    .select(withCount)
    .from(idsFiles)
    .where(and(eq(idsFiles.projectId, projectId), eq(idsFiles.id, id)));
  return row ?? null;
}

/** Inserts a file (a new lineage unless `file.lineageId` names one) and its specifications. */
export async function insertIdsFile(
  tx: Database,
  file: Omit<typeof idsFiles.$inferInsert, 'lineageId'> & { lineageId?: string },
  specifications: Omit<typeof idsSpecifications.$inferInsert, 'idsFileId'>[],
): Promise<void> {
  await tx.insert(idsFiles).values({ ...file, lineageId: file.lineageId ?? (file.id as string) });
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
