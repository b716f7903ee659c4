import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { accProjectLinks, accVersionHooks } from '../../schema/acc';

export type VersionHookRow = typeof accVersionHooks.$inferSelect;

export async function listHooks(db: Database, projectId: string): Promise<VersionHookRow[]> {
  return db.select().from(accVersionHooks).where(eq(accVersionHooks.projectId, projectId));
}

/** The projects an Autodesk hook calls back for (several when their files share its folder). */
export async function projectsOfHook(db: Database, hookId: string): Promise<string[]> {
  const rows = await db
    .select({ projectId: accVersionHooks.projectId })
    .from(accVersionHooks)
    .where(eq(accVersionHooks.hookId, hookId));
  return rows.map((r) => r.projectId);
}

export async function saveHook(db: Database, row: VersionHookRow): Promise<void> {
  await db
    .insert(accVersionHooks)
    .values(row)
    .onConflictDoUpdate({
      target: [accVersionHooks.projectId, accVersionHooks.folderId],
      set: { hookId: row.hookId, createdAt: row.createdAt },
    });
}

export async function deleteHook(db: Database, projectId: string, folderId: string): Promise<void> {
  await db
    .delete(accVersionHooks)
    .where(and(eq(accVersionHooks.projectId, projectId), eq(accVersionHooks.folderId, folderId)));
}

/** Hooks of folders that no longer hold an included file of the project. */
export async function deleteHooksExcept(db: Database, projectId: string, keep: string[]): Promise<void> {
  const where =
    keep.length > 0
      ? and(eq(accVersionHooks.projectId, projectId), notInArray(accVersionHooks.folderId, keep))
      : eq(accVersionHooks.projectId, projectId);
  await db.delete(accVersionHooks).where(where);
}

/** The linked projects (ACC) whose connection is usable. */
export async function listLinkedProjects(db: Database): Promise<string[]> {
  const rows = await db
    .select({ projectId: accProjectLinks.projectId })
    .from(accProjectLinks)
    .where(sql`${accProjectLinks.reauthRequiredAt} is null`);
  return rows.map((r) => r.projectId);
}

/** Of these projects, those with at least one Autodesk hook (their versions come by callback). */
export async function projectsWithHooks(db: Database, projectIds: string[]): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ projectId: accVersionHooks.projectId })
    .from(accVersionHooks)
    .where(inArray(accVersionHooks.projectId, projectIds));
  return new Set(rows.map((r) => r.projectId));
}
