import { and, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { emailVerifications, sessions, userIdentities, users } from '../../schema';
import type { UserRow } from './repo';

/** The account an OpenID provider's subject signed in to before. */
export async function findUserByIdentity(
  db: Database,
  issuer: string,
  subject: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
    .limit(1);
  return row?.user ?? null;
}

export async function linkIdentity(
  db: Database,
  values: { userId: string; issuer: string; subject: string; email: string; at: Date },
): Promise<void> {
  await db
    .insert(userIdentities)
    .values({ ...values, createdAt: values.at, lastSignInAt: values.at })
    .onConflictDoUpdate({
      target: [userIdentities.issuer, userIdentities.subject],
      set: { email: values.email, lastSignInAt: values.at },
    });
}

/**
 * An unverified account whose address the provider has now proved: it becomes the provider's
 * person's. Whoever signed it up never proved the address, so their password, sessions and links go.
 */
export async function takeOverUnverified(db: Database, id: string, at: Date): Promise<UserRow> {
  await db.delete(sessions).where(eq(sessions.userId, id));
  await db.delete(emailVerifications).where(eq(emailVerifications.userId, id));
  const [row] = await db
    .update(users)
    .set({ passwordHash: NO_PASSWORD, emailVerifiedAt: at, updatedAt: at })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

/** The password hash of an account without a password (as the demo's system account): no password verifies. */
export const NO_PASSWORD = '!';
