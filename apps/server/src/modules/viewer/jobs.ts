import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

const convertFragmentsPayload = z.object({ fileVersionId: z.string().uuid() });

export type ConvertFragmentsPayload = z.infer<typeof convertFragmentsPayload>;

/**
 * Where pg-boss puts a fragments.convert job it failed for good (every attempt's worker stopped):
 * its handler marks a conversion not ready failed, so the viewer stops waiting (decision 0434).
 */
export const convertFragmentsDeadLetter: JobSpec<ConvertFragmentsPayload> = {
  name: 'fragments.convert.dead',
  payload: convertFragmentsPayload,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
};

/**
 * Converts a processed version's IFC to fragments for the 3D viewer (modules/viewer, decision 0110).
 * Queued when bimfile.process completes, apart from it, so a slow or failing conversion neither
 * delays the version's 'completed' nor fails it.
 */
export const convertFragmentsJob: JobSpec<ConvertFragmentsPayload> = {
  name: 'fragments.convert',
  payload: convertFragmentsPayload,
  queue: {
    retryLimit: 2,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 30 * 60,
    deadLetter: convertFragmentsDeadLetter.name,
  },
};
