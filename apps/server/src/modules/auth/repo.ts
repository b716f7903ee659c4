import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { sessions, users } from '../../schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

/** People's accounts (system accounts such as the demo owner do not count). */
export async function countUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isSystem, false));
  return row?.n ?? 0;
}

export async function insertUser(
  db: Database,
  values: { email: string; fullName: string; passwordHash: string; role: 'user' | 'admin'; at: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, createdAt: values.at, updatedAt: values.at })
    .returning();
  return row!;
}

export async function insertSession(
  db: Database,
  values: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    at: Date;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<SessionRow> {
  const [row] = await db
    .insert(sessions)
    .values({
      userId: values.userId,
      tokenHash: values.tokenHash,
      expiresAt: values.expiresAt,
      lastSeenAt: values.at,
      createdAt: values.at,
      userAgent: values.userAgent,
      ip: values.ip,
    })
    .returning();
  return row!;
}

/** The live session with this token hash and its user, in one indexed join. */
export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function touchSession(
  db: Database,
  id: string,
  lastSeenAt: Date,
  expiresAt: Date,
): Promise<void> {
  await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Database, now: Date): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, now))
    .returning({ id: sessions.id });
  return deleted.length;
}
