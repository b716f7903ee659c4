import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { projectMembers, projects, users } from '../../schema';

/** Any demo project, active or not: once one exists, seeding never runs again. */
export async function hasDemoProject(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.isDemo, true)).limit(1);
  return row !== undefined;
}

/**
 * Serialises seeding across processes (several API servers on one PostgreSQL): held until the
 * transaction ends.
 */
export async function lockDemoSeeding(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('plumbline.demo.seed'))`);
}

/**
 * The demo project's owner: a system account with no password hash an argon2 verify could ever
 * accept, so nobody signs in as it. Reused when it already exists.
 */
export async function ensureSystemUser(
  tx: Database,
  values: { email: string; fullName: string; at: Date },
): Promise<string> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, values.email));
  if (existing) return existing.id;
  const [row] = await tx
    .insert(users)
    .values({
      email: values.email,
      fullName: values.fullName,
      passwordHash: '!',
      role: 'user',
      isSystem: true,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning({ id: users.id });
  return (row as { id: string }).id;
}

export async function insertDemoProject(
  tx: Database,
  values: { id: string; name: string; description: string; ownerId: string; at: Date; updatedAt: Date },
): Promise<void> {
  await tx.insert(projects).values({
    id: values.id,
    name: values.name,
    description: values.description,
    createdBy: values.ownerId,
    ownerUserId: values.ownerId,
    createdAt: values.at,
    updatedAt: values.updatedAt,
    isDemo: true,
  });
  await tx
    .insert(projectMembers)
    .values({ projectId: values.id, userId: values.ownerId, role: 'Admin', createdAt: values.at });
}
