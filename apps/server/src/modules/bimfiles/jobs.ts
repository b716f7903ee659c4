import { z } from 'zod';
import type { Database } from '../../platform/db';
import type { JobSender, JobSpec } from '../../platform/queue';

const processBimFilePayload = z.object({
  fileVersionId: z.string().uuid(),
  /** full after an upload; recheck after the project's active IDS files changed. */
  mode: z.enum(['full', 'recheck']),
});

export type ProcessBimFilePayload = z.infer<typeof processBimFilePayload>;

/**
 * Processes one file version (handled by modules/processing). Everything it writes goes in one transaction
 * that deletes before it inserts, so a retry after a crash starts clean and duplicates nothing.
 * A killed worker's job comes back by its heartbeat (platform/queue.ts, within 30 s); the expiry
 * only bounds a hung one, above the processing time limit (default 30 min) plus writing the rows.
 */
/**
 * Where pg-boss puts a bimfile.process job it failed for good: its handler marks a version still
 * processing failed `interrupted` (jobs/process-bimfile.ts). A handler that fails its last attempt
 * marks the version itself, so the dead letter then finds it settled and does nothing (decision 0434).
 */
export const processBimFileDeadLetter: JobSpec<ProcessBimFilePayload> = {
  name: 'bimfile.process.dead',
  payload: processBimFilePayload,
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 5 * 60 },
};

/**
 * Six attempts: a worker's death uses one like an error does (pg-boss counts attempts), so a model
 * that kills its worker every time still ends failed, while one whose workers a storm killed gets
 * a fair number of chances (decision 0434).
 */
export const processBimFileJob: JobSpec<ProcessBimFilePayload> = {
  name: 'bimfile.process',
  payload: processBimFilePayload,
  queue: {
    retryLimit: 5,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 4 * 60 * 60,
    deadLetter: processBimFileDeadLetter.name,
  },
};

/**
 * Queues the full processing of a newly stored version (an upload, a demo seed, an ACC fetch, a
 * refresh), in the caller's transaction: the job exists exactly when the version's row does.
 */
export function queueProcessing(jobs: JobSender, fileVersionId: string, tx: Database): Promise<string> {
  return jobs.send(processBimFileJob, { fileVersionId, mode: 'full' }, tx);
}
