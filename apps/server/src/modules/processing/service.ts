import { parseIds } from '@plumbline/ids';
import { IfcReadError, readIfc } from '@plumbline/ifc';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { FileStorage } from '../../platform/storage/storage';
import { readAll } from '../storage/read-all';
import { checkAgainst, type IdsForCheck } from './check';
import { extractModel } from './extract';
import * as repo from './repo';

export interface ProcessingDeps {
  db: Database;
  storage: FileStorage;
  clock: Clock;
  logger: Logger;
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
    }
  | { status: 'failed'; error: string }
  | { status: 'skipped' };

async function loadActiveIds(deps: ProcessingDeps, projectId: string): Promise<IdsForCheck[]> {
  const files = await repo.listActiveIdsFiles(deps.db, projectId);
  const loaded: IdsForCheck[] = [];
  for (const file of files) {
    const xml = await readAll(await deps.storage.getStream(file.storageKey));
    // Stored files were validated at upload, so parsing them again cannot meet new problems.
    loaded.push({
      name: file.name,
      document: parseIds(xml, { fileName: file.name }),
      specificationIds: file.specificationIds,
    });
  }
  return loaded;
}

/**
 * The pipeline of one file version: pending → processing → completed | failed. Reads the stored IFC,
 * extracts elements and properties, checks them against the project's active IDS files and writes
 * it all in one transaction (repo.writeProcessedVersion). An unreadable IFC fails the version with
 * the reader's message and is not retried; any other error propagates so the job is retried.
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
  const timings: Record<string, number> = {};
  let started = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - started);
    started = now;
  };

  const bytes = await readAll(await deps.storage.getStream(version.storageKey), version.sizeBytes);
  lap('readFile');
  let model: ReturnType<typeof readIfc>;
  try {
    model = readIfc(bytes, { fileName: version.fileName });
  } catch (error) {
    if (!(error instanceof IfcReadError)) throw error;
    await repo.markFailed(deps.db, versionId, error.message, deps.clock.now());
    return { status: 'failed', error: error.message };
  }
  try {
    lap('parse');
    const ids = await loadActiveIds(deps, version.projectId);
    const results = checkAgainst(model, ids, version.fileName);
    lap('check');
    if (effectiveMode === 'recheck') {
      await repo.writeRecheckedVersion(
        deps.db,
        { versionId, results, at: deps.clock.now(), recheckQueuedAt: version.recheckQueuedAt },
        hooks,
      );
      lap('write');
      return {
        status: 'completed',
        elements: 0,
        properties: 0,
        results: results.elements.passed.length,
        timings,
      };
    }
    const extracted = extractModel(model);
    lap('extract');
    await repo.writeProcessedVersion(
      deps.db,
      {
        versionId,
        projectId: version.projectId,
        model: extracted,
        results,
        at: deps.clock.now(),
        recheckQueuedAt: version.recheckQueuedAt,
      },
      hooks,
    );
    lap('write');
    return {
      status: 'completed',
      elements: extracted.elements.stepId.length,
      properties: extracted.properties.name.length,
      results: results.elements.passed.length,
      timings,
    };
  } finally {
    model.dispose();
  }
}

/** Called when the last retry of a job failed: the version shows it failed rather than processing forever. */
export async function giveUp(deps: ProcessingDeps, versionId: string, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await repo.markFailed(deps.db, versionId, `Processing failed: ${message}`, deps.clock.now());
}
