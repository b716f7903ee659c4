import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { convertFragmentsJob } from './jobs';
import * as repo from './repo';

/**
 * Queues the fragments conversion of a version, with its state 'pending', in one transaction.
 * `force` (after processing) requeues whatever the state; otherwise (the viewer asking for a model
 * that was never converted) only a version without a state is queued, so polling queues it once.
 */
export async function queueConversion(
  db: Database,
  jobs: JobSender,
  versionId: string,
  at: Date,
  options: { force: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const queued = options.force
      ? await repo.markFragmentsPending(tx, versionId, at)
      : await repo.insertPendingFragments(tx, versionId, at);
    if (queued) await jobs.send(convertFragmentsJob, { fileVersionId: versionId }, tx);
  });
}
