import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

const writeExplorerFilePayload = z.object({ fileVersionId: z.string().uuid() });

export type WriteExplorerFilePayload = z.infer<typeof writeExplorerFilePayload>;

/**
 * Makes sure a completed version's explorer file gets written (decision 0455). Queued in the
 * transaction that completes the version, to start after `EXPLORER_FILE_JOB_DELAY_SECONDS`: by
 * then the processing process has usually written the file from the rows it already has, and the
 * job only sees the version's mark cleared. After a kill (or on another worker) it writes the file
 * itself, from the stored model and the version's stored elements.
 */
export const writeExplorerFileJob: JobSpec<WriteExplorerFilePayload> = {
  name: 'explorer.file-write',
  payload: writeExplorerFilePayload,
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 30 * 60 },
};

/** How long the follow-up job waits before it looks (the processing process's own write first). */
export const EXPLORER_FILE_JOB_DELAY_SECONDS = 20;
