/**
 * Checking a model once (issue 34 item 4, decisions 0433, 0438): a version whose model bytes, active
 * IDS content and engine match those of a completed version of its project (the same result key,
 * reuse-key.ts) gets that version's rows copied instead of being read and checked again; a re-check
 * whose key the version's own results (or another version's) already have is answered from them.
 * The specification ids are the active revisions' (reuse-map.ts); the comparison with its own
 * previous version, its elements' keys, the compliance summaries and waivers are its own.
 */
import type { Clock } from '../../platform/clock';
import type { ColumnarEngine } from '../../platform/columnar-engine';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { FileStorage } from '../../platform/storage/storage';
import { runWorkerTask } from '../../platform/worker-task';
import {
  type CompareTaskOutput,
  type ComparisonRows,
  loadVersionData,
  type StoredSpecification,
  type StoredVersionData,
  transfersOfData,
} from '../history';
import { storageKeys } from '../storage';
import * as repo from './repo';
import type { ReuseCompareOutput } from './reuse-compare';
import { idsContent, resultKey } from './reuse-key';
import { mapSpecifications, type SpecificationMap, type TargetFile } from './reuse-map';
import {
  comparedSpecifications,
  findResultSources,
  hasResultPartition,
  ResultSourceGoneError,
  resultSpecifications,
  writeRecheckFromResults,
  writeReusedVersion,
} from './reuse-repo';

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

/** A version whose results answer a key, and what its specification ids stand for now. */
interface FoundSource {
  sourceId: string;
  map: SpecificationMap;
  targets: TargetFile[];
  /** The active revisions' specifications the map leads to, as the comparison reads them. */
  specifications: Map<string, StoredSpecification>;
  checkedAgainst: string;
  key: string;
}

/**
 * The first version of the project holding results with the version's key (the version itself first
 * when `self`) whose results map onto the active IDS revisions; null when none does, or when an
 * active specification has no stored keys yet (the engine's run gives it them).
 */
async function findSource(
  deps: ReuseDeps,
  version: repo.VersionToProcess,
  self: boolean,
): Promise<FoundSource | null> {
  const active = await repo.listActiveIdsFiles(deps.db, version.projectId);
  const key = resultKey(version.sha256, idsContent(active));
  const candidates = await findResultSources(deps.db, version.projectId, version.id, key);
  if (self && version.status === 'completed' && version.resultKey === key) candidates.unshift(version.id);
  for (const sourceId of candidates) {
    if (!(await hasResultPartition(deps.db, sourceId))) continue;
    const map = mapSpecifications(await resultSpecifications(deps.db, sourceId), active);
    if (map === null) continue;
    const specifications = new Map(
      (await comparedSpecifications(deps.db, map.to)).map((spec) => [spec.id, spec]),
    );
    if (map.to.some((id) => !specifications.get(id)?.key)) return null;
    return {
      sourceId,
      map,
      targets: active,
      specifications,
      checkedAgainst: repo.idsFingerprint(active),
      key,
    };
  }
  return null;
}

/**
 * A stored version's data with its specifications named as the active revisions name them (their
 * keys, which carry the lineage), so the comparison reads what a check against them would find.
 */
function underActiveRevisions(data: StoredVersionData, found: FoundSource): StoredVersionData {
  const to = new Map(found.map.from.map((from, i) => [from, found.map.to[i] as string]));
  return {
    ...data,
    specifications: data.specifications.map((spec) => {
      const target = found.specifications.get(to.get(spec.id) ?? '');
      return target ? { ...target, id: spec.id } : spec;
    }),
  };
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
  const sourced = await sourceAndPrevious(deps, version, false);
  if (sourced === null) return null;
  const { found, previousId } = sourced;
  const { sourceId } = found;
  const source = underActiveRevisions(await loadVersionData(deps.db, sourceId), found);
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
  const done = await timedWrite(started, async (writeTimings) =>
    writeReusedVersion(
      deps.db,
      {
        versionId: version.id,
        projectId: version.projectId,
        sourceId,
        resultKey: found.key,
        map: found.map,
        targets: found.targets,
        compared,
        at: deps.clock.now(),
        recheckQueuedAt: version.recheckQueuedAt,
        checkedAgainst: found.checkedAgainst,
        explorerFileKey: await sharedExplorerFile(deps, version.projectId, sourceId),
        afterWrite: afterWrite(compared.rows),
      },
      { timings: writeTimings },
    ),
  );
  if (done === null) return null;
  deps.logger.info({ versionId: version.id, sourceId, resultKey: found.key }, 'results reused');
  return { ...done.written, timings: done.timings, reusedFrom: sourceId };
}

/**
 * A re-check answered without the engine (decision 0438): when the version's own results, or another
 * version's of the project, have the key of its model and the active IDS revisions' content, their
 * results are written as the version's with the active revisions' specification ids, and its
 * comparison with the previous version is made from the stored rows. Null when none has the key (or
 * the one found changed before the write committed): then the engine checks it.
 */
export async function recheckFromResults(
  deps: ReuseDeps,
  version: repo.VersionToProcess,
  timeLimitMs: number,
  afterWrite: (history: ReuseCompareOutput['rows']) => repo.ResultsToWrite['afterWrite'],
): Promise<ReusedOutcome | null> {
  const started = performance.now();
  const sourced = await sourceAndPrevious(deps, version, true);
  if (sourced === null) return null;
  const { found, previousId } = sourced;
  const { sourceId } = found;
  let history: ComparisonRows | null = null;
  if (previousId !== null) {
    // The version's own elements (their keys and matches stay), with the source's results.
    const results = underActiveRevisions(await loadVersionData(deps.db, sourceId), found);
    const current =
      sourceId === version.id
        ? results
        : {
            ...results,
            versionId: version.id,
            elements: (await loadVersionData(deps.db, version.id, 'elements')).elements,
          };
    const previous = await loadVersionData(deps.db, previousId);
    const output = await runWorkerTask<CompareTaskOutput>(
      'compare-stored',
      { previous, current },
      {
        timeLimitMs,
        limitMessage: 'Comparing the versions took longer than the processing time limit.',
        transfer: transfersOfData(previous, current),
      },
    );
    history = output.rows;
  }
  const done = await timedWrite(started, (writeTimings) =>
    writeRecheckFromResults(
      deps.db,
      {
        versionId: version.id,
        projectId: version.projectId,
        sourceId,
        resultKey: found.key,
        map: found.map,
        targets: found.targets,
        history,
        at: deps.clock.now(),
        recheckQueuedAt: version.recheckQueuedAt,
        checkedAgainst: found.checkedAgainst,
        afterWrite: afterWrite(history),
      },
      { timings: writeTimings },
    ),
  );
  if (done === null) return null;
  deps.logger.info({ versionId: version.id, sourceId, resultKey: found.key }, 'results reused in a re-check');
  return {
    elements: 0,
    properties: 0,
    results: done.written.results,
    timings: done.timings,
    reusedFrom: sourceId,
  };
}

/** The source with the key, and the file's previous completed version; null when none has the key. */
async function sourceAndPrevious(deps: ReuseDeps, version: repo.VersionToProcess, self: boolean) {
  const found = await findSource(deps, version, self);
  if (found === null) return null;
  const previousId = await repo.findPreviousCompletedVersion(
    deps.db,
    version.bimFileId,
    version.versionNumber,
  );
  return { found, previousId };
}

/**
 * A reuse write timed after the comparison (`started`); null when its source or the IDS files
 * changed before it committed, so the version is checked by the engine instead.
 */
async function timedWrite<T>(
  started: number,
  write: (writeTimings: Record<string, number>) => Promise<T>,
): Promise<{ written: T; timings: Record<string, number> } | null> {
  const compare = Math.round(performance.now() - started);
  const writeTimings: Record<string, number> = {};
  const writeStarted = performance.now();
  try {
    const written = await write(writeTimings);
    const timings = { compare, write: Math.round(performance.now() - writeStarted), ...writeTimings };
    return { written, timings };
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
