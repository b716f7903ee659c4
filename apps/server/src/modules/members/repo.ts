import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { projectMembers, projects, users } from '../../schema';

export type MemberRole = (typeof projectMembers.$inferSelect)['role'];

export interface MemberRecord {
  id: string;
  projectId: string;
  userId: string;
  role: MemberRole;
  isOwner: boolean;
  createdAt: Date;
  user: { id: string; fullName: string; email: string; avatarUrl: string | null };
}

const memberColumns = {
  id: projectMembers.id,
  projectId: projectMembers.projectId,
  userId: projectMembers.userId,
  role: projectMembers.role,
  isOwner: sql<boolean>`${projects.ownerUserId} = ${projectMembers.userId}`,
  createdAt: projectMembers.createdAt,
  user: { id: users.id, fullName: users.fullName, email: users.email, avatarUrl: users.avatarUrl },
};

export async function listProjectMembers(db: Database, projectId: string): Promise<MemberRecord[]> {
  return db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(asc(users.fullName), asc(users.email));
}

export async function findProjectMember(
  db: Database,
  projectId: string,
  userId: string,
): Promise<MemberRecord | null> {
  const [row] = await db
    .select(memberColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Every membership of every active project the user belongs to, with the project's name. */
export async function listMembersAcrossProjectsOf(db: Database, userId: string) {
  const mine = db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, userId));
  return db
    .select({ ...memberColumns, projectName: projects.name })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projects.isActive, true), inArray(projectMembers.projectId, mine)))
    .orderBy(asc(projects.name), asc(users.fullName));
}

/**
 * The account that has proved it owns this address: only such an account may join at once. System
 * accounts (the demo owner) and unverified ones do not count.
 */
export async function findVerifiedUserIdByEmail(db: Database, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isSystem, false), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return row?.id ?? null;
}

export async function setProjectOwner(db: Database, projectId: string, userId: string): Promise<void> {
  await db.update(projects).set({ ownerUserId: userId }).where(eq(projects.id, projectId));
}

export async function insertMember(
  db: Database,
  values: { projectId: string; userId: string; role: MemberRole; at: Date },
): Promise<void> {
  await db.insert(projectMembers).values({ ...values, createdAt: values.at });
}

export async function updateMemberRole(db: Database, projectId: string, userId: string, role: MemberRole) {
  await db
    .update(projectMembers)
    .set({ role })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

export async function deleteMember(db: Database, projectId: string, userId: string): Promise<void> {
  await db
    .delete(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}
