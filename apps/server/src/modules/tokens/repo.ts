import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Database, preparedFor } from '../../platform/db';
import { apiTokens, projects, users } from '../../schema';

export type ApiTokenRow = typeof apiTokens.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function insertApiToken(
  db: Database,
  values: Omit<typeof apiTokens.$inferInsert, 'id' | 'lastUsedAt' | 'revokedAt' | 'revokedBy'>,
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row!;
}

/** The token with this hash, unrevoked and unexpired, with its owner; a project token's project must be active. */
function liveTokenQuery(db: Database) {
  return db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(projects, eq(projects.id, apiTokens.projectId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(apiTokens.revokedAt),
        sql`${apiTokens.expiresAt} > ${sql.placeholder('now')}`,
        sql`(${apiTokens.projectId} is null or ${projects.isActive})`,
      ),
    )
    .limit(1)
    .prepare('plumbline_live_api_token');
}

const liveTokenQueries = new WeakMap<Database, ReturnType<typeof liveTokenQuery>>();

export async function findLiveToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ token: ApiTokenRow; user: UserRow } | null> {
  const [row] = await preparedFor(liveTokenQueries, db, liveTokenQuery).execute({ tokenHash, now });
  return row ?? null;
}

export async function touchToken(db: Database, id: string, at: Date): Promise<void> {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

const listed = {
  token: apiTokens,
  creatorEmail: users.email,
  creatorName: users.fullName,
};

export type ListedToken = { token: ApiTokenRow; creatorEmail: string; creatorName: string };

export async function listPersonalTokens(db: Database, userId: string): Promise<ListedToken[]> {
  return db
    .select(listed)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.userId, userId), eq(apiTokens.kind, 'personal')))
    .orderBy(desc(apiTokens.createdAt));
}

export async function listProjectTokens(db: Database, projectId: string): Promise<ListedToken[]> {
  return db
    .select(listed)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.projectId, projectId), eq(apiTokens.kind, 'project')))
    .orderBy(desc(apiTokens.createdAt));
}

export async function findListedToken(db: Database, id: string): Promise<ListedToken | null> {
  const [row] = await db
    .select(listed)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.id, id))
    .limit(1);
  return row ?? null;
}

/** Revokes an unrevoked token; false when it was revoked already (or is not there). */
export async function revokeToken(db: Database, id: string, by: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length === 1;
}
