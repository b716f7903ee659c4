import { convertVersionFragments, giveUpConversion, interruptConversion } from '../modules/viewer/conversion';
import {
  type ConvertFragmentsPayload,
  convertFragmentsDeadLetter,
  convertFragmentsJob,
} from '../modules/viewer/jobs';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const RETRY_LIMIT = convertFragmentsJob.queue.retryLimit ?? 0;

/** Runs {@link convertFragmentsJob} (declared, with its payload and retry policy, in modules/viewer/jobs.ts). */
export const convertFragmentsHandler: JobDefinition<ConvertFragmentsPayload, JobDeps> = {
  ...convertFragmentsJob,
  async handle(deps, payload, job) {
    try {
      const outcome = await convertVersionFragments(deps, payload.fileVersionId);
      deps.logger.info({ fileVersionId: payload.fileVersionId, ...outcome }, 'fragments converted');
    } catch (error) {
      if (job.retryCount >= RETRY_LIMIT) await giveUpConversion(deps, payload.fileVersionId, error);
      throw error;
    }
  },
};

/** Runs {@link convertFragmentsDeadLetter}: a conversion whose every attempt's worker stopped is marked failed. */
export const convertFragmentsDeadLetterHandler: JobDefinition<ConvertFragmentsPayload, JobDeps> = {
  ...convertFragmentsDeadLetter,
  async handle(deps, payload) {
    if (await interruptConversion(deps, payload.fileVersionId))
      deps.logger.warn(
        { fileVersionId: payload.fileVersionId },
        'fragments conversion interrupted on every attempt',
      );
  },
};
