import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { rateLimitWindows } from '../../schema/rate-limits';

/**
 * Counts one hit of `key` in its window and returns the window as it is now. One statement: the
 * conflicting row is locked, so hits from several servers at once are all counted.
 */
export async function countHit(
  db: Database,
  key: string,
  now: Date,
  windowSeconds: number,
): Promise<{ hits: number; windowStartedAt: Date }> {
  const expiredBefore = new Date(now.getTime() - windowSeconds * 1000);
  const expired = sql`${rateLimitWindows.windowStartedAt} <= ${expiredBefore}`;
  const [row] = await db
    .insert(rateLimitWindows)
    .values({ key, hits: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: rateLimitWindows.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitWindows.hits} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${rateLimitWindows.windowStartedAt} end`,
      },
    })
    .returning({ hits: rateLimitWindows.hits, windowStartedAt: rateLimitWindows.windowStartedAt });
  if (!row) throw new Error('The rate-limit counter returned no row.');
  return row;
}

/** When the window of `key` started, or null when it has none. */
export async function windowStart(db: Database, key: string): Promise<Date | null> {
  const [row] = await db
    .select({ windowStartedAt: rateLimitWindows.windowStartedAt })
    .from(rateLimitWindows)
    .where(eq(rateLimitWindows.key, key));
  return row?.windowStartedAt ?? null;
}

/** Deletes windows that started before `before` (all long over); returns how many. */
export async function deleteWindowsBefore(db: Database, before: Date): Promise<number> {
  const deleted = await db
    .delete(rateLimitWindows)
    .where(and(lt(rateLimitWindows.windowStartedAt, before)))
    .returning({ key: rateLimitWindows.key });
  return deleted.length;
}
