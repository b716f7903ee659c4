import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

const generateReportPayload = z.object({ reportId: z.string().uuid() });

export type GenerateReportPayload = z.infer<typeof generateReportPayload>;

/**
 * Renders a queued report (modules/reports). A killed worker leaves it 'processing'; the expiry
 * hands the job to another try, which renders it again from the start (the stored file is replaced).
 */
export const generateReportJob: JobSpec<GenerateReportPayload> = {
  name: 'report.generate',
  payload: generateReportPayload,
  queue: { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 },
};
