import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { projectInvitations, projects, users } from '../../schema';

export type InvitationRow = typeof projectInvitations.$inferSelect;

export async function listProjectInvitations(db: Database, projectId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(projectInvitations)
    .where(eq(projectInvitations.projectId, projectId))
    .orderBy(asc(projectInvitations.createdAt), asc(projectInvitations.email));
}

export async function findProjectInvitationByEmail(
  db: Database,
  projectId: string,
  email: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.projectId, projectId), eq(projectInvitations.email, email)))
    .limit(1);
  return row ?? null;
}

export async function insertInvitation(
  db: Database,
  values: { projectId: string; email: string; role: InvitationRow['role']; invitedBy: string; at: Date },
): Promise<InvitationRow> {
  const [row] = await db
    .insert(projectInvitations)
    .values({
      projectId: values.projectId,
      email: values.email,
      role: values.role,
      invitedBy: values.invitedBy,
      createdAt: values.at,
    })
    .returning();
  return row!;
}

/** Deletes the project's invitation; null when there was none. */
export async function deleteProjectInvitation(
  db: Database,
  projectId: string,
  invitationId: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .delete(projectInvitations)
    .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.projectId, projectId)))
    .returning();
  return row ?? null;
}

/** Invitations to active projects addressed to this e-mail, with the project and the inviter's names. */
export async function listInvitationsFor(db: Database, email: string) {
  return db
    .select({
      id: projectInvitations.id,
      projectId: projectInvitations.projectId,
      projectName: projects.name,
      role: projectInvitations.role,
      invitedBy: users.fullName,
      createdAt: projectInvitations.createdAt,
    })
    .from(projectInvitations)
    .innerJoin(projects, eq(projects.id, projectInvitations.projectId))
    .leftJoin(users, eq(users.id, projectInvitations.invitedBy))
    .where(and(eq(projectInvitations.email, email), eq(projects.isActive, true)))
    .orderBy(asc(projectInvitations.createdAt));
}

/** The invitation with this id addressed to this e-mail (anyone else's is not found). */
export async function findInvitationFor(
  db: Database,
  invitationId: string,
  email: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(projectInvitations)
    .where(and(eq(projectInvitations.id, invitationId), eq(projectInvitations.email, email)))
    .limit(1);
  return row ?? null;
}

export async function deleteInvitation(db: Database, invitationId: string): Promise<void> {
  await db.delete(projectInvitations).where(eq(projectInvitations.id, invitationId));
}
