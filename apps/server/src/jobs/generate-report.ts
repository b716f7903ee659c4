import { generateReport, giveUpReport } from '../modules/reports/generate';
import { type GenerateReportPayload, generateReportJob } from '../modules/reports/jobs';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const RETRY_LIMIT = generateReportJob.queue.retryLimit ?? 0;

/** Runs {@link generateReportJob} (declared, with its payload and retry policy, in modules/reports/jobs.ts). */
export const generateReportHandler: JobDefinition<GenerateReportPayload, JobDeps> = {
  ...generateReportJob,
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
