/**
 * The check of a large model on every core (decision 0182): the model's bytes and index are in
 * shared memory (`readIfcFile`), so worker threads build the same model over them without reading
 * or indexing again; the threads claim the candidate elements block by block as they reach them
 * (decision 0193), and this thread merges the results by element id. The report is exactly the
 * one-thread check's.
 *
 * Threads are started before the model is read (`CheckThreads.start`), so loading the engine on
 * them overlaps the read. A thread that cannot start claims nothing; one that fails has the blocks
 * it claimed checked again here.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type IfcModel, shareModel } from '@plumbline/ifc';
import type { IdsDocument, Specification } from '../document';
import { portableSpecifications } from '../restriction/code-list';
import type { CheckReport } from '../results';
import {
  type CheckOptions,
  type CheckPart,
  checkModel,
  checkPart,
  checkSharingParts,
  claimsFor,
} from './check-model';
import type { CheckTask } from './check-worker';
import type { PartResults } from './part-results';
import { decodeParts, type EncodedParts } from './part-transfer';

/** Below this many instances (about 20 MB of IFC) starting threads costs more than it saves. */
export const MIN_PARALLEL_INSTANCES = 300_000;
/** Candidates per block a thread claims: large enough to keep each thread's caches warm, small enough to balance. */
const BLOCK = 512;
/** A larger young generation for check threads: fewer, cheaper scavenges of the short-lived views (decision 0011). */
const YOUNG_GENERATION_MB = 64;

/** Threads the check uses besides this one: one per further core, at most 3. */
export function defaultCheckThreads(): number {
  return Math.max(0, Math.min(availableParallelism(), 4) - 1);
}

/**
 * The worker's entry: `check-worker.ts` beside this file when running from source (tsx, vitest),
 * `check-worker.js` beside the bundle (scripts/build.mjs), else none.
 */
function workerEntry(): { url: URL; fromSource: boolean } | null {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./check-worker.ts', here), fromSource: true };
  const bundled = new URL('./check-worker.js', here);
  return existsSync(fileURLToPath(bundled)) ? { url: bundled, fromSource: false } : null;
}

// From source without tsx in this process's flags (vitest): the worker registers tsx itself.
const FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api').then(({ register }) => { register(); return import(workerData.entry); });
`;

function startWorker(): Worker | null {
  const entry = workerEntry();
  if (entry === null) return null;
  const resourceLimits = { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB };
  try {
    const tsxLoaded = process.execArgv.some((a) => a.includes('tsx'));
    return entry.fromSource && !tsxLoaded
      ? new Worker(FROM_SOURCE, { eval: true, workerData: { entry: entry.url.href }, resourceLimits })
      : new Worker(entry.url, { resourceLimits });
  } catch {
    return null;
  }
}

/**
 * One part checked on a new thread: its results, or null when the thread could not check it (no
 * worker entry, a failure). Exported for tests, which must see a thread do the work.
 */
export function checkPartOnThread(task: {
  readonly model: CheckTask['model'];
  readonly specifications: readonly Specification[];
  readonly part: CheckPart;
}): Promise<PartResults | null> {
  const worker = startWorker();
  const specifications = portableSpecifications(task.specifications);
  return worker ? resultsOf(worker, { ...task, specifications }) : Promise.resolve(null);
}

/** Its share's results from one thread, or null when the thread failed (the caller checks the share then). */
function resultsOf(worker: Worker, task: CheckTask): Promise<PartResults | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: PartResults | null) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      resolve(value);
    };
    worker.once('message', (message: { ok: true; encoded: EncodedParts } | { ok: false; message: string }) =>
      finish(message.ok ? decodeParts(message.encoded) : null),
    );
    worker.once('error', () => finish(null));
    worker.once('exit', () => finish(null));
    worker.postMessage(task);
  });
}

/** Check threads started ahead of the check, so they load the engine while the model is read. */
export class CheckThreads {
  private constructor(private workers: (Worker | null)[]) {}

  static start(count = defaultCheckThreads()): CheckThreads {
    return new CheckThreads(Array.from({ length: count }, startWorker));
  }

  /** Threads not started (none asked for); the check then runs on this thread alone. */
  static none(): CheckThreads {
    return new CheckThreads([]);
  }

  get count(): number {
    return this.workers.length;
  }

  /** Takes the threads for one check (each thread checks once). */
  take(): (Worker | null)[] {
    const taken = this.workers;
    this.workers = [];
    return taken;
  }

  /** Ends threads that were not used. */
  close(): void {
    for (const w of this.take()) void w?.terminate();
  }
}

export interface ParallelCheckOptions {
  /** Threads started ahead (`CheckThreads.start()`); started now when not given. */
  readonly threads?: CheckThreads;
  /** Models with fewer instances are checked on this thread alone. Default MIN_PARALLEL_INSTANCES. */
  readonly minInstances?: number;
}

/**
 * Checks a model on this thread and the check threads; the same report as `checkModel`. Small
 * models, models not in shared memory and invalid documents are checked on this thread alone.
 */
export async function checkModelInParallel(
  model: IfcModel,
  ids: IdsDocument,
  options: CheckOptions = {},
  parallel: ParallelCheckOptions = {},
): Promise<CheckReport> {
  const large = model.instanceCount >= (parallel.minInstances ?? MIN_PARALLEL_INSTANCES);
  const shared = ids.problems.length === 0 && large ? shareModel(model) : null;
  if (shared === null) {
    parallel.threads?.close();
    return checkModel(model, ids, options);
  }
  const workers = (parallel.threads ?? CheckThreads.start()).take();
  if (workers.length === 0) return checkModel(model, ids, options);
  const claims = claimsFor(model, BLOCK);
  const partOf = (index: number): CheckPart => ({ index, block: BLOCK, claims });
  // Code lists go as their text, not as strings made for the copy (restriction/code-list.ts).
  const specifications = workers.some((w) => w !== null) ? portableSpecifications(ids.specifications) : null;
  const others = Promise.all(
    workers.map(async (worker, k) => {
      const part = partOf(k + 1);
      const task: CheckTask | null = specifications && { model: shared, specifications, part };
      const results = worker && task ? await resultsOf(worker, task) : null;
      // A thread that failed: this thread checks the blocks it had claimed (none if it never started).
      return results ?? checkPart(model, ids.specifications, { ...part, redo: true });
    }),
  );
  return checkSharingParts(model, ids, options, partOf(0), others);
}
