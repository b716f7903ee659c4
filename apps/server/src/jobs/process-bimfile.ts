import {
  type ProcessBimFilePayload,
  processBimFileDeadLetter,
  processBimFileJob,
} from '../modules/bimfiles/jobs';
import { processingMail, versionContext } from '../modules/notifications/messages';
import { notifyUser } from '../modules/notifications/notify';
import { versionMemoryClass } from '../modules/processing/memory-class';
import { giveUp, markInterrupted, processFileVersion } from '../modules/processing/service';
import { queueDemoReportsWhenReady } from '../modules/reports/demo-reports';
import { queueConversion } from '../modules/viewer/queue-conversion';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

const RETRY_LIMIT = processBimFileJob.queue.retryLimit ?? 0;

/** Runs {@link processBimFileJob} (declared, with its payload and retry policy, in modules/bimfiles/jobs.ts). */
export const processBimFileHandler: JobDefinition<ProcessBimFilePayload, JobDeps> = {
  ...processBimFileJob,
  // Admitted on a worker only beside jobs its memory class fits with (platform/memory-admission.ts).
  memoryNeed: (deps, payload) => versionMemoryClass(deps.db, payload.fileVersionId),
  async handle(deps, payload, job) {
    try {
      const outcome = await processFileVersion(deps, payload.fileVersionId, payload.mode);
      deps.logger.info(
        { fileVersionId: payload.fileVersionId, mode: payload.mode, ...outcome },
        'file version processed',
      );
      if (outcome.status === 'completed' && payload.mode === 'full') {
        if (deps.fragmentsAfterProcessing !== false) await queueFragments(deps, payload.fileVersionId);
        await queueDemoReportsWhenReady(deps, payload.fileVersionId);
      }
      if (payload.mode === 'full' && (outcome.status === 'completed' || outcome.status === 'failed'))
        await notifyUploader(deps, payload.fileVersionId, outcome.status);
    } catch (error) {
      if (job.retryCount >= RETRY_LIMIT) {
        await giveUp(deps, payload.fileVersionId, error);
        await notifyUploader(deps, payload.fileVersionId, 'failed');
      }
      throw error;
    }
  },
};

/**
 * Runs {@link processBimFileDeadLetter}: pg-boss failed a processing job for good without its handler
 * finishing (every attempt's worker stopped). A version still processing is marked failed
 * `interrupted` and its uploader mailed, as `giveUp` does after a last error.
 */
export const processBimFileDeadLetterHandler: JobDefinition<ProcessBimFilePayload, JobDeps> = {
  ...processBimFileDeadLetter,
  async handle(deps, payload) {
    if (!(await markInterrupted(deps, payload.fileVersionId))) return;
    deps.logger.warn(
      { fileVersionId: payload.fileVersionId },
      'file version processing interrupted on every attempt',
    );
    if (payload.mode === 'full') await notifyUploader(deps, payload.fileVersionId, 'failed');
  },
};

/** The 3D conversion runs as its own job; failing to queue it must not fail (and redo) the processing. */
async function queueFragments(deps: JobDeps, fileVersionId: string): Promise<void> {
  try {
    await queueConversion(deps.db, deps.jobs, fileVersionId, deps.clock.now(), { force: true });
  } catch (error) {
    // The viewer's first request for the model queues it again (modules/viewer/service.ts).
    deps.logger.warn({ err: error, fileVersionId }, 'could not queue the fragments conversion');
  }
}

/** Mails the uploader that processing finished or failed; a mail that cannot be queued is only logged. */
async function notifyUploader(deps: JobDeps, fileVersionId: string, outcome: 'completed' | 'failed') {
  try {
    const context = await versionContext(deps.db, fileVersionId);
    if (!context) return;
    await deps.db.transaction((tx) =>
      notifyUser(
        tx,
        deps.jobs,
        context.uploader,
        (locale) => processingMail(locale, context, outcome),
        deps.clock.now(),
        context.projectId,
      ),
    );
  } catch (error) {
    deps.logger.warn({ err: error, fileVersionId }, 'could not queue the processing mail');
  }
}
