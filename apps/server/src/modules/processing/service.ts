import type { VersionFailure } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { ColumnarEngine } from '../../platform/columnar-engine';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { JobSender } from '../../platform/queue';
import type { FileStorage } from '../../platform/storage/storage';
import { createAuditRecorder } from '../audit';
import { announceComparison, loadVersionData, recompareJob } from '../history';
import { readAll } from '../storage';
import { auditNeedsReview } from '../waivers';
import type { AnalysisInput, PreviousVersion, StoredModel } from './analyse';
import { AnalysisTimeLimitError, runAnalysis } from './analyse-runner';
import { storeExplorerFile } from './explorer-file';
import * as repo from './repo';
import { recheckFromResults, reuseResults } from './reuse';
import { idsContent, resultKey } from './reuse-key';

export interface ProcessingDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  logger: Logger;
  /** How long one analysis may run before its thread is ended and the version failed. */
  timeLimitMs?: number;
  /**
   * Where a stored comparison is announced and a stale later one queued for comparing again, in the
   * write's transaction (history/jobs.ts); without it (some tests) neither is sent.
   */
  jobs?: JobSender;
  /**
   * The columnar engine that writes each version's explorer file, its property rows' only store
   * (decision 0435); without it (`EXPLORER_STORE=sql`, some tests) they go to PostgreSQL instead.
   */
  columnar?: ColumnarEngine;
  /**
   * Whether a version may copy the results of a version with the same result key, and a re-check
   * keep or copy results with its key (reuse.ts, default true); false in tests of the engine's own
   * path, which process one model many times.
   */
  reuse?: boolean;
}

/** full: read, store elements and properties, check. recheck: check again, replacing only results. */
export type ProcessingMode = 'full' | 'recheck';

export type ProcessingOutcome =
  | {
      status: 'completed';
      elements: number;
      properties: number;
      results: number;
      timings: Record<string, number>;
      /** The version whose results were copied (decision 0433); absent when the engine ran. */
      reusedFrom?: string;
    }
  | { status: 'failed'; failure: VersionFailure }
  | { status: 'skipped' };

async function loadActiveIds(
  deps: ProcessingDeps,
  projectId: string,
): Promise<{ ids: AnalysisInput['ids']; fingerprint: string; content: string[] }> {
  const files = await repo.listActiveIdsFiles(deps.db, projectId);
  const ids: AnalysisInput['ids'] = [];
  for (const file of files) {
    const xml = await readAll(await deps.storage.getStream(file.storageKey));
    ids.push({
      name: file.name,
      xml,
      specificationIds: [...file.specificationIds],
      lineageId: file.lineageId,
    });
  }
  return { ids, fingerprint: repo.idsFingerprint(files), content: idsContent(files) };
}

/**
 * How often a run checks again when the project's IDS files change under it before it leaves the
 * version to the job's retry (each change also queues a re-check of its own).
 */
const STALE_ATTEMPTS = 3;

/** How long one version's analysis may run by default (PROCESSING_TIME_LIMIT_SECONDS). */
export const DEFAULT_TIME_LIMIT_MS = 30 * 60_000;

/**
 * The pipeline of one file version: pending → processing → completed | failed. Reads the stored IFC,
 * and on a worker thread (analyse-runner) checks it against the project's active IDS files and
 * extracts elements and properties; then writes it all in one transaction (repo.writeProcessedVersion).
 * An unreadable IFC, or an analysis past its time limit, fails the version with the reason and is not
 * retried; any other error propagates so the job is retried.
 */
export async function processFileVersion(
  deps: ProcessingDeps,
  versionId: string,
  mode: ProcessingMode = 'full',
  hooks: repo.WriteHooks = {},
): Promise<ProcessingOutcome> {
  const version = await repo.findVersionToProcess(deps.db, versionId);
  if (!version) return { status: 'skipped' }; // deleted since the job was queued
  // A re-check needs stored elements; a version that never completed is processed in full.
  const effectiveMode: ProcessingMode =
    mode === 'recheck' && version.status === 'completed' ? 'recheck' : 'full';
  if (effectiveMode === 'full') await repo.markProcessing(deps.db, versionId);
  for (let attempt = 1; ; attempt++) {
    try {
      if (deps.reuse !== false) {
        const limit = deps.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
        const reused =
          effectiveMode === 'full'
            ? await reuseResults(deps, version, limit, (history) =>
                afterComparison(deps, version, 'processed', history),
              )
            : await recheckFromResults(deps, version, limit, (history) =>
                afterComparison(deps, version, 'rechecked', history),
              );
        if (reused) return { status: 'completed', ...reused };
      }
      return await analyseAndWrite(deps, version, effectiveMode, hooks);
    } catch (error) {
      if (!(error instanceof repo.StaleIdsError) || attempt >= STALE_ATTEMPTS) throw error;
      deps.logger.info({ versionId, attempt }, 'IDS files changed during the check; checking again');
    }
  }
}

async function analyseAndWrite(
  deps: ProcessingDeps,
  version: repo.VersionToProcess,
  mode: ProcessingMode,
  hooks: repo.WriteHooks,
): Promise<ProcessingOutcome> {
  const versionId = version.id;
  // Read for each attempt: the bytes are handed over to the analysis thread, not copied.
  const started = performance.now();
  const bytes = await readAll(await deps.storage.getStream(version.storageKey), version.sizeBytes);
  const readMs = Math.round(performance.now() - started);
  const { ids, fingerprint, content } = await loadActiveIds(deps, version.projectId);
  const own = mode === 'recheck' ? await loadVersionData(deps.db, version.id, 'elements') : null;
  const analysisStarted = performance.now();
  // The previous version's rows are read while the thread parses and checks (fed to it when asked).
  let historyReadMs = 0;
  const previous = readPrevious(deps, version).then((data) => {
    historyReadMs = Math.round(performance.now() - analysisStarted);
    return data;
  });
  previous.catch(() => undefined); // awaited by the analysis' feed; its failure fails the run there
  let analysis: Awaited<ReturnType<typeof runAnalysis>>;
  try {
    analysis = await runAnalysis(
      { versionId, bytes, fileName: version.fileName, ids, mode, history: { own } },
      deps.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS,
      previous,
    );
  } catch (error) {
    if (!(error instanceof AnalysisTimeLimitError)) throw error;
    const failure = timeLimitFailure(deps.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS);
    await repo.markFailed(deps.db, versionId, failure, deps.clock.now());
    return { status: 'failed', failure };
  }
  if (analysis.kind === 'unreadable') {
    const failure: VersionFailure = { code: 'unreadable', params: { detail: analysis.message } };
    await repo.markFailed(deps.db, versionId, failure, deps.clock.now());
    return { status: 'failed', failure };
  }
  await hooks.beforeWrite?.();
  const { results, extracted } = analysis;
  const analysisMs = performance.now() - analysisStarted;
  const timings: Record<string, number> = {
    readFile: readMs,
    readHistory: historyReadMs,
    ...analysis.timings,
  };
  // The thread's start and the hand-over of bytes and results: the analysis' wall time less its steps.
  timings.analysisThread = Math.round(
    analysisMs - Object.values(analysis.timings).reduce((sum, ms) => sum + ms, 0),
  );
  const writeStarted = performance.now();
  // Each step of the write, by name (output-writer.ts `timed`), logged with the outcome.
  const writeTimings: Record<string, number> = {};
  const writeHooks: repo.WriteHooks = { ...hooks, timings: writeTimings };
  const common = {
    versionId,
    projectId: version.projectId,
    results,
    at: deps.clock.now(),
    recheckQueuedAt: version.recheckQueuedAt,
    checkedAgainst: fingerprint,
    resultKey: resultKey(version.sha256, content),
    history: analysis.history,
    specificationKeys: analysis.specificationKeys,
    afterWrite: afterComparison(deps, version, mode === 'full' ? 'processed' : 'rechecked', analysis.history),
  };
  if (mode === 'recheck' || !extracted) {
    await repo.writeRecheckedVersion(deps.db, common, writeHooks);
    timings.write = Math.round(performance.now() - writeStarted);
    return {
      status: 'completed',
      elements: 0,
      properties: 0,
      results: results.elements.count,
      timings: { ...timings, ...prefixed(writeTimings) },
    };
  }
  // The explorer file is written while the transaction writes the other rows; the transaction waits
  // for it before the version reads completed (decision 0435).
  const explorerFile = writeExplorerFileBeside(deps, version, extracted);
  try {
    await repo.writeProcessedVersion(
      deps.db,
      { ...common, model: extracted, ...(explorerFile ? { explorerFile } : {}) },
      writeHooks,
    );
  } finally {
    // Settled before a retry can write the same key again (a failure is the write's, or its own).
    await explorerFile?.catch(() => undefined);
  }
  timings.write = Math.round(performance.now() - writeStarted);
  if (explorerFile) timings.explorerFile = (await explorerFile).ms;
  return {
    status: 'completed',
    elements: extracted.elements.count,
    properties: extracted.properties.count,
    results: results.elements.count,
    timings: { ...timings, ...prefixed(writeTimings) },
  };
}

/**
 * The explorer file, the version's only store of property rows (decision 0435), written while the
 * transaction writes the rest; null without a columnar engine (`EXPLORER_STORE=sql`: rows in
 * PostgreSQL). A failure rejects, which fails the write and leaves the version to the job's retry.
 */
function writeExplorerFileBeside(
  deps: ProcessingDeps,
  version: repo.VersionToProcess,
  model: StoredModel,
): Promise<{ ms: number }> | null {
  const { columnar } = deps;
  if (!columnar) return null;
  const started = performance.now();
  const written = storeExplorerFile({ columnar, storage: deps.storage }, version, model).then((stored) => {
    deps.logger.debug({ versionId: version.id, ...stored }, 'explorer file stored');
    return { ms: Math.round(performance.now() - started) };
  });
  // Awaited by the write; until then a rejection is not unhandled.
  written.catch(() => undefined);
  return written;
}

/** The previous completed version's stored rows, as bytes (history/load.ts); null when there is none. */
async function readPrevious(deps: ProcessingDeps, version: repo.VersionToProcess): Promise<PreviousVersion> {
  const previousId = await repo.findPreviousCompletedVersion(
    deps.db,
    version.bimFileId,
    version.versionNumber,
  );
  return { previous: previousId === null ? null : await loadVersionData(deps.db, previousId) };
}

/**
 * In the write's transaction: announces a stored comparison (the hook of issue 30), queues the
 * next completed version for comparing again when it was compared with another version than this one
 * (versions completing out of order), and puts the waivers the version flagged for review in the
 * audit trail (issue 32).
 */
function afterComparison(
  deps: ProcessingDeps,
  version: repo.VersionToProcess,
  cause: 'processed' | 'rechecked' | 'recompared',
  history: repo.ResultsToWrite['history'],
): repo.ResultsToWrite['afterWrite'] {
  const { jobs } = deps;
  if (!jobs) return undefined;
  return async (tx, written) => {
    if (written.flaggedWaivers.length > 0)
      await auditNeedsReview(tx, createAuditRecorder(jobs, deps.clock), written.flaggedWaivers, version.id);
    if (history) {
      const address = {
        projectId: version.projectId,
        fileId: version.bimFileId,
        toVersionId: version.id,
        cause,
      };
      await announceComparison(jobs, tx, address, history.header);
    }
    const stale = await repo.nextVersionComparedWithAnother(
      tx,
      version.bimFileId,
      version.versionNumber,
      version.id,
    );
    if (stale) await jobs.send(recompareJob, { fileVersionId: stale }, tx);
  };
}

function prefixed(timings: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(timings).map(([name, ms]) => [`write: ${name}`, ms]));
}

/** An analysis ended at its time limit: the limit in whole minutes when it is some, else in seconds. */
export function timeLimitFailure(limitMs: number): VersionFailure {
  const seconds = Math.max(1, Math.ceil(limitMs / 1000));
  return { code: 'time_limit', params: seconds % 60 === 0 ? { minutes: seconds / 60 } : { seconds } };
}

/**
 * What a version's row says about an error that ended its processing, as a code (issue 31). A system
 * error (a file that could not be read, a disk that refused) names a server path: the row says what
 * happened instead; any other error's own text is its detail.
 */
export function processingFailure(error: unknown): VersionFailure {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const system =
    (typeof code === 'string' && /^E[A-Z]+$/.test(code)) ||
    typeof (error as { syscall?: unknown } | null)?.syscall === 'string' ||
    /^E[A-Z]{2,}: /.test(message);
  return system
    ? { code: 'model_file_unreadable', params: {} }
    : { code: 'processing_failed', params: { detail: message } };
}

/** Called when the last retry of a job failed: the version shows it failed rather than processing forever. */
export async function giveUp(deps: ProcessingDeps, versionId: string, error: unknown): Promise<void> {
  await repo.markFailed(deps.db, versionId, processingFailure(error), deps.clock.now());
}

/**
 * Called when pg-boss failed a processing job for good without its handler finishing: every
 * attempt's worker stopped (a kill, out of memory, a lost machine) and the heartbeat or expiry check
 * failed the last one (the dead-letter queue, decision 0434). A version still pending or processing
 * is marked failed `interrupted`; one its handler settled is left alone. True when it marked it.
 */
export async function markInterrupted(
  deps: Pick<ProcessingDeps, 'db' | 'clock'>,
  versionId: string,
): Promise<boolean> {
  return repo.markFailedUnlessSettled(
    deps.db,
    versionId,
    { code: 'interrupted', params: {} },
    deps.clock.now(),
  );
}
