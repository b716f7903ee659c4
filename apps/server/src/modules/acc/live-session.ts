import type { Database } from '../../platform/db';
import * as repo from './repo';

/** Spec 1 §4: an ACC session older than 30 minutes counts as expired. */
export const SESSION_TTL_MS = 30 * 60_000;

/** The user's connected session, not invalidated and under 30 minutes old (spec 1 §4); else null. */
export async function findLiveSession(db: Database, userId: string, sessionId: string, now: Date) {
  const session = await repo.findSession(db, sessionId);
  const live =
    session !== null &&
    session.userId === userId &&
    session.tokens !== null &&
    session.invalidatedAt === null &&
    now.getTime() - session.createdAt.getTime() < SESSION_TTL_MS;
  return live ? (session as repo.AccSessionRow & { tokens: string }) : null;
}
