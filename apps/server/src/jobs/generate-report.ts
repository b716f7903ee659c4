import { z } from 'zod';
import { generateReport, giveUpReport } from '../modules/reports/generate';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const generateReportPayload = z.object({ reportId: z.string().uuid() });

export type GenerateReportPayload = z.infer<typeof generateReportPayload>;

const RETRY_LIMIT = 2;

/**
 * Renders a queued report (modules/reports). A killed worker leaves it 'processing'; the expiry
 * hands the job to another try, which renders it again from the start (the stored file is replaced).
 */
export const generateReportJob: JobDefinition<GenerateReportPayload, JobDeps> = {
  name: 'report.generate',
  payload: generateReportPayload,
  queue: { retryLimit: RETRY_LIMIT, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 },
  async handle(deps, payload, job) {
    try {
      const outcome = await generateReport(deps, payload.reportId);
      deps.logger.info({ reportId: payload.reportId, ...outcome }, 'report generated');
    } catch (error) {
      if (job.retryCount >= RETRY_LIMIT) await giveUpReport(deps, payload.reportId, error);
      throw error;
    }
  },
};
