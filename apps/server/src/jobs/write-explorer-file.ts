import { ensureExplorerFile } from '../modules/processing/explorer-follow-up';
import { type WriteExplorerFilePayload, writeExplorerFileJob } from '../modules/processing/jobs';
import { versionMemoryClass } from '../modules/processing/memory-class';
import { DEFAULT_TIME_LIMIT_MS } from '../modules/processing/service';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/**
 * Runs {@link writeExplorerFileJob} (modules/processing/jobs.ts, decision 0455): a completed version
 * whose explorer file was not written after its completion (the process was killed, or the write
 * failed) gets it from its stored model; one whose file was written is left alone.
 */
export const writeExplorerFileHandler: JobDefinition<WriteExplorerFilePayload, JobDeps> = {
  ...writeExplorerFileJob,
  // It may read the model again: admitted as the model's processing is (platform/memory-admission.ts).
  memoryNeed: (deps, payload) => versionMemoryClass(deps.db, payload.fileVersionId),
  async handle(deps, payload) {
    const { columnar } = deps;
    if (!columnar) return;
    const wrote = await ensureExplorerFile(
      { ...deps, columnar, timeLimitMs: deps.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS },
      payload.fileVersionId,
    );
    if (wrote) deps.logger.info({ fileVersionId: payload.fileVersionId }, 'explorer file written by its job');
  },
};
