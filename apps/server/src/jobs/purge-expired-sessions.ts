import { z } from 'zod';
import { deleteExpiredSessions } from '../modules/auth/repo';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/** Deletes sessions past their expiry (they are already refused; this keeps the table small). Hourly. */
export const purgeExpiredSessionsJob: JobDefinition<Record<string, never>, JobDeps> = {
  name: 'sessions.purge-expired',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { retryLimit: 2, expireInSeconds: 300 },
  schedule: '17 * * * *',
  async handle({ db, clock, logger }) {
    const deleted = await deleteExpiredSessions(db, clock.now());
    if (deleted > 0) logger.info({ deleted }, 'expired sessions purged');
  },
};
