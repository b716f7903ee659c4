import type { Locale } from '@plumbline/i18n';
import { and, count, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { type Database, preparedFor } from '../../platform/db';
import { emailVerifications, sessions, users } from '../../schema';

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
  values: {
    email: string;
    fullName: string;
    passwordHash: string;
    role: 'user' | 'admin';
    at: Date;
    emailVerifiedAt: Date | null;
    language: Locale;
  },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, createdAt: values.at, updatedAt: values.at })
    .returning();
  return row!;
}

/**
 * Gives a stale unverified account to a new sign-up: new name and password, as if created now, its
 * sessions and links gone. Only an account that never proved its address gets here (see the service).
 */
export async function reclaimUnverifiedUser(
  db: Database,
  id: string,
  values: { fullName: string; passwordHash: string; at: Date; language: Locale },
): Promise<UserRow> {
  await db.delete(sessions).where(eq(sessions.userId, id));
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, id));
  const [row] = await db
    .update(users)
    .set({ ...values, createdAt: values.at, updatedAt: values.at })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
    .returning();
  return row!;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function markEmailVerified(db: Database, id: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: at, updatedAt: at })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
}

export type VerificationRow = typeof emailVerifications.$inferSelect;

export async function insertVerification(
  db: Database,
  values: { userId: string; email: string; tokenHash: string; expiresAt: Date; at: Date },
): Promise<void> {
  await db.insert(emailVerifications).values({
    userId: values.userId,
    email: values.email,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt,
    createdAt: values.at,
  });
}

export async function findVerification(db: Database, tokenHash: string): Promise<VerificationRow | null> {
  const [row] = await db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.tokenHash, tokenHash))
    .limit(1);
  return row ?? null;
}

/** Marks the link used; false when another request used it first (single use under concurrency). */
export async function useVerification(db: Database, id: string, at: Date): Promise<boolean> {
  const used = await db
    .update(emailVerifications)
    .set({ usedAt: at })
    .where(and(eq(emailVerifications.id, id), isNull(emailVerifications.usedAt)))
    .returning({ id: emailVerifications.id });
  return used.length === 1;
}

/** When the account's newest link was sent (null: never), to space out requests for new ones. */
export async function latestVerificationAt(db: Database, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: emailVerifications.createdAt })
    .from(emailVerifications)
    .where(eq(emailVerifications.userId, userId))
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1);
  return row?.at ?? null;
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
function liveSessionQuery(db: Database) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('plumbline_live_session');
}

/** Every request asks it: prepared (platform/db.ts `preparedFor`). */
const liveSessionQueries = new WeakMap<Database, ReturnType<typeof liveSessionQuery>>();

export async function findLiveSession(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const [row] = await preparedFor(liveSessionQueries, db, liveSessionQuery).execute({ tokenHash, now });
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
