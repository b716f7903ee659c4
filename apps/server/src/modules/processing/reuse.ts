/**
 * Checking a model once (issue 34 item 4, decision 0433): a version whose model bytes, active IDS
 * revisions and engine match those of a completed version of its project (the same result key,
 * reuse-key.ts) gets that version's rows copied instead of being read and checked again. The
 * comparison with its own previous version, its elements' keys, the compliance summaries and
 * waivers are its own.
 */
import type { Clock } from '../../platform/clock';
import type { ColumnarEngine } from '../../platform/columnar-engine';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { FileStorage } from '../../platform/storage/storage';
import { runWorkerTask } from '../../platform/worker-task';
import { loadVersionData, transfersOfData } from '../history';
import { storageKeys } from '../storage';
import * as repo from './repo';
import type { ReuseCompareOutput } from './reuse-compare';
import { resultKey } from './reuse-key';
import { findResultSource, ResultSourceGoneError, writeReusedVersion } from './reuse-repo';

/** What the copy needs of processing's dependencies (service.ts ProcessingDeps). */
export interface ReuseDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  logger: Logger;
  columnar?: ColumnarEngine;
}

/** A version completed from another's results: its counts, the steps' milliseconds, the source. */
export interface ReusedOutcome {
  elements: number;
  properties: number;
  results: number;
  timings: Record<string, number>;
  reusedFrom: string;
}

/**
 * The version completed from another version's results, or null when no version of the project has
 * its key (or the one found changed before the copy committed): then it is processed as usual.
 */
export async function reuseResults(
  deps: ReuseDeps,
  version: repo.VersionToProcess,
  timeLimitMs: number,
  /** What runs last in the write's transaction, given the comparison (service.ts afterComparison). */
  afterWrite: (history: ReuseCompareOutput['rows']) => repo.ResultsToWrite['afterWrite'],
): Promise<ReusedOutcome | null> {
  const started = performance.now();
  const checkedAgainst = repo.idsFingerprint(await repo.listActiveIdsFiles(deps.db, version.projectId));
  const key = resultKey(version.sha256, checkedAgainst);
  const sourceId = await findResultSource(deps.db, version.projectId, version.id, key);
  if (sourceId === null) return null;
  const previousId = await repo.findPreviousCompletedVersion(
    deps.db,
    version.bimFileId,
    version.versionNumber,
  );
  const source = await loadVersionData(deps.db, sourceId);
  const previous = previousId === null ? null : await loadVersionData(deps.db, previousId);
  const compared = await runWorkerTask<ReuseCompareOutput>(
    'compare-reused',
    { previous, source },
    {
      timeLimitMs,
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
    return { ...written, timings: { ...timings, ...writeTimings }, reusedFrom: sourceId };
  } catch (error) {
    if (error instanceof ResultSourceGoneError || error instanceof repo.StaleIdsError) return null;
    throw error;
  }
}

/** The source's explorer file when it has one (its own, or the one it shares): shared, not copied. */
async function sharedExplorerFile(
  deps: ReuseDeps,
  projectId: string,
  sourceId: string,
): Promise<string | null> {
  if (!deps.columnar) return null;
  const key =
    (await repo.explorerFileKeyOf(deps.db, sourceId)) ?? storageKeys.explorerRows(projectId, sourceId);
  return (await deps.storage.exists(key)) ? key : null;
}
