import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

const fetchAccVersionPayload = z.object({ fileVersionId: z.string().uuid() });

export type FetchAccVersionPayload = z.infer<typeof fetchAccVersionPayload>;

/**
 * Brings one Autodesk version into storage (an RVT through Model Derivative's IFC translation), then
 * queues its processing in the same transaction that records its size and hash. A version already
 * fetched is left alone, so a retry or a duplicate job does nothing twice. Autodesk's refusal or a
 * failed translation marks the version failed with the provider's message.
 */
export const fetchAccVersionJob: JobSpec<FetchAccVersionPayload> = {
  name: 'acc.fetch-version',
  payload: fetchAccVersionPayload,
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 * 60 },
};
