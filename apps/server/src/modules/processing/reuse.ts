/**
 * Checking a model once (issue 34 item 4, decision 0433): a version whose model bytes, active IDS
 * revisions and engine match those of a completed version of its project (the same result key,
 * reuse-key.ts) gets that version's rows copied instead of being read and checked again. The
 * comparison with its own previous version, its elements' keys, the compliance summaries and
 * waivers are its own.
 */
import { runWorkerTask } from '../../platform/worker-task';
import { loadVersionData, transfersOfData } from '../history';
import { storageKeys } from '../storage';
import * as repo from './repo';
import type { ReuseCompareOutput } from './reuse-compare';
import { findResultSource, ResultSourceGoneError, writeReusedVersion } from './reuse-repo';
import { resultKey } from './reuse-key';
import { DEFAULT_TIME_LIMIT_MS, type ProcessingDeps, type ProcessingOutcome } from './service';

/**
 * The version completed from another version's results, or null when no version of the project has
 * its key (or the one found changed before the copy committed): then it is processed as usual.
 */
export async function reuseResults(
  deps: ProcessingDeps,
  version: repo.VersionToProcess,
  /** What runs last in the write's transaction, given the comparison (service.ts afterComparison). */
  afterWrite: (history: ReuseCompareOutput['rows']) => repo.ResultsToWrite['afterWrite'],
): Promise<ProcessingOutcome | null> {
  const started = performance.now();
  const checkedAgainst = repo.idsFingerprint(await repo.listActiveIdsFiles(deps.db, version.projectId));
  const key = resultKey(version.sha256, checkedAgainst);
  const sourceId = await findResultSource(deps.db, version.projectId, version.id, key);
  if (sourceId === null) return null;
  const previousId = await repo.findPreviousCompletedVersion(deps.db, version.bimFileId, version.versionNumber);
  const source = await loadVersionData(deps.db, sourceId);
  const previous = previousId === null ? null : await loadVersionData(deps.db, previousId);
  const compared = await runWorkerTask<ReuseCompareOutput>(
    'compare-reused',
    { previous, source },
    {
      timeLimitMs: deps.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
      limitMessage: 'Comparing the versions took longer than the processing time limit.',
      transfer: transfersOfData(previous, source),
    },
  );
  const timings: Record<string, number> = { compare: Math.round(performance.now() - started) };
  const writeTimings: Record<string, number> = {};
  const writeStarted = performance.now();
  try {
    const written = await writeReusedVersion(
      deps.db,
      {
        versionId: version.id,
        projectId: version.projectId,
        sourceId,
        resultKey: key,
        compared,
        at: deps.clock.now(),
        recheckQueuedAt: version.recheckQueuedAt,
        checkedAgainst,
        explorerFileKey: await sharedExplorerFile(deps, version.projectId, sourceId),
        afterWrite: afterWrite(compared.rows),
      },
      { timings: writeTimings },
    );
    timings.write = Math.round(performance.now() - writeStarted);
    deps.logger.info({ versionId: version.id, sourceId, resultKey: key }, 'results reused');
    return {
      status: 'completed',
      ...written,
      timings: { ...timings, ...writeTimings },
      reusedFrom: sourceId,
    };
  } catch (error) {
    if (error instanceof ResultSourceGoneError || error instanceof repo.StaleIdsError) return null;
    throw error;
  }
}

/** The source's explorer file when it has one (its own, or the one it shares): shared, not copied. */
async function sharedExplorerFile(
  deps: ProcessingDeps,
  projectId: string,
  sourceId: string,
): Promise<string | null> {
  if (!deps.columnar) return null;
  const key = (await repo.explorerFileKeyOf(deps.db, sourceId)) ?? storageKeys.explorerRows(projectId, sourceId);
  return (await deps.storage.exists(key)) ? key : null;
}
