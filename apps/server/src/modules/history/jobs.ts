import { z } from 'zod';
import type { Database } from '../../platform/db';
import type { JobSender, JobSpec } from '../../platform/queue';
import type { ComparisonHeader } from './comparison-rows';

const counts = z.object({
  new: z.number().int(),
  resolved: z.number().int(),
  removed: z.number().int(),
  persisting: z.number().int(),
});

const comparisonStoredPayload = z.object({
  projectId: z.string().uuid(),
  fileId: z.string().uuid(),
  fromVersionId: z.string().uuid(),
  toVersionId: z.string().uuid(),
  /** Why it was stored: the version was processed, re-checked (IDS changed) or compared again. */
  cause: z.enum(['processed', 'rechecked', 'recompared']),
  counts,
  elements: z.object({
    matchedByGlobalId: z.number().int(),
    matchedByContent: z.number().int(),
    added: z.number().int(),
    removed: z.number().int(),
  }),
});

export type ComparisonStoredPayload = z.infer<typeof comparisonStoredPayload>;

/**
 * The hook point of issue 30: "a version's comparison was stored". Sent in the transaction that
 * stored it (so it exists exactly when the comparison does), once per stored comparison. Its handler
 * (src/jobs/comparison-stored.ts) is where notifications (mail, webhooks) attach; the payload has
 * everything a message needs: project, file, both versions, the counts.
 */
export const comparisonStoredJob: JobSpec<ComparisonStoredPayload> = {
  name: 'history.comparison-stored',
  payload: comparisonStoredPayload,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true },
};

export function announceComparison(
  jobs: JobSender,
  tx: Database,
  address: {
    projectId: string;
    fileId: string;
    toVersionId: string;
    cause: ComparisonStoredPayload['cause'];
  },
  header: ComparisonHeader,
): Promise<string> {
  return jobs.send(
    comparisonStoredJob,
    {
      ...address,
      fromVersionId: header.fromVersionId,
      counts: {
        new: header.newCount,
        resolved: header.resolvedCount,
        removed: header.removedCount,
        persisting: header.persistingCount,
      },
      elements: {
        matchedByGlobalId: header.matchedByGlobalId,
        matchedByContent: header.matchedByContent,
        added: header.addedElements,
        removed: header.removedElements,
      },
    },
    tx,
  );
}

const recomparePayload = z.object({ fileVersionId: z.string().uuid() });
export type RecomparePayload = z.infer<typeof recomparePayload>;

/**
 * Compares a completed version again with the completed version now before it (handled by
 * modules/processing `recompareVersion`): queued when versions complete out of order (a later one
 * was compared with an older one), so every stored comparison is with the previous completed version.
 */
export const recompareJob: JobSpec<RecomparePayload> = {
  name: 'history.recompare',
  payload: recomparePayload,
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 },
};
