import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

/** Lapses the waivers whose expiry has passed (expire.ts); every 15 minutes on the app's clock. */
export const expireWaiversJob: JobSpec<Record<string, never>> = {
  name: 'waivers.expire',
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
  queue: { retryLimit: 3, expireInSeconds: 600 },
  schedule: '*/15 * * * *',
};
