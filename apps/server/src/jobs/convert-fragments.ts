import { z } from 'zod';
import { convertVersionFragments, giveUpConversion } from '../modules/viewer/conversion';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const convertFragmentsPayload = z.object({ fileVersionId: z.string().uuid() });

export type ConvertFragmentsPayload = z.infer<typeof convertFragmentsPayload>;

const RETRY_LIMIT = 2;

/**
 * Converts a processed version's IFC to fragments for the 3D viewer (modules/viewer, decision 0110).
 * Queued when bimfile.process completes, apart from it, so a slow or failing conversion neither
 * delays the version's 'completed' nor fails it.
 */
export const convertFragmentsJob: JobDefinition<ConvertFragmentsPayload, JobDeps> = {
  name: 'fragments.convert',
  payload: convertFragmentsPayload,
  queue: { retryLimit: RETRY_LIMIT, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60 },
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
