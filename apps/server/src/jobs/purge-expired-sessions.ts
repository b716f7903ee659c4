import { z } from 'zod';
import { SESSION_TTL_MS } from '../modules/acc/live-session';
import { purgeSessions } from '../modules/acc/repo';
import { deleteExpiredSessions } from '../modules/auth/repo';
import { createRateCounter } from '../modules/ratelimit/counter';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/**
 * Deletes sign-in sessions past their expiry, and Autodesk sessions past their 30 minutes with their
 * sealed tokens (both already refused; projects keep their own copy), and rate-limit windows long
 * over. Hourly.
 */
export const purgeExpiredSessionsJob: JobDefinition<Record<string, never>, JobDeps> = {
  name: 'sessions.purge-expired',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { retryLimit: 2, expireInSeconds: 300 },
  schedule: '17 * * * *',
  async handle({ db, clock, logger }) {
    const now = clock.now();
    const deleted = await deleteExpiredSessions(db, now);
    const acc = await purgeSessions(db, new Date(now.getTime() - SESSION_TTL_MS));
    const rateWindows = await createRateCounter({ db, clock }).purge();
    if (deleted > 0 || acc > 0 || rateWindows > 0)
      logger.info({ deleted, acc, rateWindows }, 'expired sessions purged');
  },
};
