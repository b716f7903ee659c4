import { Readable } from 'node:stream';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { FileStorage } from '../../platform/storage/storage';
import { readAll, storageKeys } from '../storage';
import { convertIfcToFragments, FragmentsConversionError } from './fragments-converter';
import * as repo from './repo';

export interface ConversionDeps {
  db: Database;
  clock: Clock;
  storage: FileStorage;
  logger: Logger;
}

export type ConversionOutcome =
  | { status: 'ready'; sizeBytes: number; convertMs: number }
  | { status: 'failed'; error: string }
  | { status: 'skipped' };

/**
 * The fragments.convert job: reads the version's IFC, converts it on a worker thread and stores the
 * .frag beside the IFC. A file the converter cannot handle marks the conversion failed (the version
 * itself stays as processing left it); storage or database errors propagate so the job is retried.
 */
export async function convertVersionFragments(
  deps: ConversionDeps,
  versionId: string,
): Promise<ConversionOutcome> {
  const version = await repo.findVersionToConvert(deps.db, versionId);
  if (!version) return { status: 'skipped' };
  const none = { storageKey: null, sizeBytes: null, sha256: null, convertMs: null, error: null };
  await repo.saveFragmentsState(deps.db, versionId, { ...none, status: 'converting' }, deps.clock.now());
  const bytes = await readAll(await deps.storage.getStream(version.storageKey), version.sizeBytes);
  const started = performance.now();
  let frag: Uint8Array;
  try {
    frag = await convertIfcToFragments(bytes, versionId);
  } catch (error) {
    if (!(error instanceof FragmentsConversionError)) throw error;
    await repo.saveFragmentsState(
      deps.db,
      versionId,
      { ...none, status: 'failed', error: error.message },
      deps.clock.now(),
    );
    return { status: 'failed', error: error.message };
  }
  const convertMs = Math.round(performance.now() - started);
  const key = storageKeys.bimFileFragments(version.projectId, versionId);
  const stored = await deps.storage.putStream(key, streamOf(frag));
  const saved = await repo.saveFragmentsState(
    deps.db,
    versionId,
    { ...none, status: 'ready', storageKey: key, sizeBytes: stored.size, sha256: stored.sha256, convertMs },
    deps.clock.now(),
  );
  if (!saved) {
    await deps.storage.delete(key); // the version was deleted while it converted
    return { status: 'skipped' };
  }
  return { status: 'ready', sizeBytes: stored.size, convertMs };
}

/** Marks a conversion failed after its last retry, so the viewer stops waiting for it. */
export async function giveUpConversion(
  deps: ConversionDeps,
  versionId: string,
  error: unknown,
): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await repo.saveFragmentsState(
    deps.db,
    versionId,
    { storageKey: null, sizeBytes: null, sha256: null, convertMs: null, status: 'failed', error: message },
    deps.clock.now(),
  );
}

/**
 * Called when pg-boss failed a conversion job for good without its handler finishing (every
 * attempt's worker stopped; the dead-letter queue, decision 0434): a conversion not ready is marked
 * failed with no detail, so the viewer says the version has no viewable 3D model instead of waiting.
 */
export async function interruptConversion(
  deps: Pick<ConversionDeps, 'db' | 'clock'>,
  versionId: string,
): Promise<boolean> {
  const row = await repo.findFragments(deps.db, versionId);
  if (row?.status === 'ready' || row?.status === 'failed') return false;
  return repo.saveFragmentsState(
    deps.db,
    versionId,
    { storageKey: null, sizeBytes: null, sha256: null, convertMs: null, status: 'failed', error: null },
    deps.clock.now(),
  );
}

function streamOf(bytes: Uint8Array): Readable {
  return Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
}
