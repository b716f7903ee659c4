import { createAuditRecorder } from '../modules/audit';
import { expireDueWaivers, expireWaiversJob } from '../modules/waivers';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/** Runs {@link expireWaiversJob} (modules/waivers/jobs.ts): lapses the waivers past their expiry. */
export const expireWaiversHandler: JobDefinition<Record<string, never>, JobDeps> = {
  ...expireWaiversJob,
  async handle({ db, clock, jobs, logger }) {
    const expired = await expireDueWaivers({ db, clock, jobs, audit: createAuditRecorder(jobs, clock) });
    if (expired > 0) logger.info({ expired }, 'waivers expired');
  },
};
