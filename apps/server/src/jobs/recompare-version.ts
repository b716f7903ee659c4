import { type RecomparePayload, recompareJob } from '../modules/history/jobs';
import { recompareVersion } from '../modules/processing/recompare';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/** Runs {@link recompareJob} (declared in modules/history/jobs.ts). */
export const recompareVersionHandler: JobDefinition<RecomparePayload, JobDeps> = {
  ...recompareJob,
  async handle(deps, payload) {
    const outcome = await recompareVersion(deps, payload.fileVersionId);
    deps.logger.info({ fileVersionId: payload.fileVersionId, outcome }, 'version compared again');
  },
};
