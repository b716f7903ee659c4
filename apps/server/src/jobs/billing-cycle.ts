import { z } from 'zod';
import { runBillingCycle } from '../modules/billing/cycle';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/**
 * Opens each new billing cycle and issues its invoice, then marks unpaid invoices overdue (decision
 * 0142). Every 15 minutes; running it twice in one cycle issues one invoice (a unique index per cycle).
 */
export const billingCycleJob: JobDefinition<Record<string, never>, JobDeps> = {
  name: 'billing.cycle',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { retryLimit: 3, expireInSeconds: 600 },
  schedule: '*/15 * * * *',
  async handle({ db, clock, logger, billing, jobs }) {
    const result = await runBillingCycle({
      db,
      clock,
      provider: billing.provider,
      enabled: billing.enabled,
      jobs,
    });
    if (result.renewed > 0 || result.overdue > 0) logger.info(result, 'billing cycle run');
  },
};
