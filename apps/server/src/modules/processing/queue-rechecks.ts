import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { processBimFileJob } from '../bimfiles';
import { listLatestVersionIds, markRechecksQueued } from './repo';

/**
 * Queues a re-check of the newest version of every file in the project, in the caller's transaction
 * (an IDS file uploaded, switched or deleted, an attribute added to a specification). The versions are
 * marked `rechecking` until their job writes, so screens know their figures are about to change.
 * Returns how many were queued.
 */
export async function queueRechecks(
  tx: Database,
  jobs: JobSender,
  projectId: string,
  at: Date,
): Promise<number> {
  const versionIds = await listLatestVersionIds(tx, projectId);
  await markRechecksQueued(tx, versionIds, at);
  for (const fileVersionId of versionIds)
    await jobs.send(processBimFileJob, { fileVersionId, mode: 'recheck' }, tx);
  return versionIds.length;
}
