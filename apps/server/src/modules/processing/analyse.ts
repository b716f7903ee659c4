import { CheckThreads, parseIds } from '@plumbline/ids';
import { IfcReadError, readIfc, readModelOrigin } from '@plumbline/ifc';
import { checkAgainst } from './check';
import { type ExtractedModel, extractModel } from './extract';
import type { ResultColumns } from './result-columns';

/** What one version's analysis needs: the IFC bytes and the project's active IDS files as stored. */
export interface AnalysisInput {
  bytes: Uint8Array;
  fileName: string;
  ids: { name: string; xml: Uint8Array; specificationIds: string[] }[];
  /** full: check and extract elements and properties; recheck: check only. */
  mode: 'full' | 'recheck';
}

export type AnalysisOutput =
  | {
      kind: 'done';
      results: ResultColumns;
      extracted: ExtractedModel | null;
      timings: Record<string, number>;
      /** The worker thread it ran on (set by cpu-worker; the main thread is 0). */
      threadId?: number;
    }
  /** The IFC reader's finding about the file (not worth a retry). */
  | { kind: 'unreadable'; message: string };

/**
 * Models at least this large are checked on several threads (`MIN_PARALLEL_INSTANCES`, 300,000
 * instances, is about 20 MB of IFC); smaller ones do not repay starting them.
 */
const PARALLEL_CHECK_MIN_BYTES = 16 * 2 ** 20;

/**
 * The CPU-heavy part of processing a version: read the IFC, check it against each IDS, extract what
 * the database stores. Pure (no database, no storage), so it runs on a worker thread (analyse-runner).
 * A large model is checked on every core as the command line does (decision 0182): its check threads
 * start first, so they load the engine while the model is parsed, and the bytes go to shared memory.
 */
export async function analyse(input: AnalysisInput): Promise<AnalysisOutput> {
  const timings: Record<string, number> = {};
  let started = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - started);
    started = now;
  };
  const parallel = input.bytes.length >= PARALLEL_CHECK_MIN_BYTES;
  const threads = parallel ? CheckThreads.start() : CheckThreads.none();
  let model: ReturnType<typeof readIfc>;
  try {
    model = readIfc(parallel ? inSharedMemory(input.bytes) : input.bytes, { fileName: input.fileName });
  } catch (error) {
    threads.close();
    if (error instanceof IfcReadError) return { kind: 'unreadable', message: error.message };
    throw error;
  }
  try {
    lap('parse');
    // Stored files were validated at upload, so parsing them again cannot meet new problems.
    const ids = input.ids.map((file) => ({
      name: file.name,
      document: parseIds(file.xml, { fileName: file.name }),
      specificationIds: file.specificationIds,
    }));
    const results = await checkAgainst(model, ids, input.fileName, threads);
    lap('check');
    const extracted =
      input.mode === 'full'
        ? { ...extractModel(model), origin: readModelOrigin(model), schema: model.schema }
        : null;
    if (extracted) lap('extract');
    return { kind: 'done', results, extracted, timings };
  } finally {
    threads.close();
    model.dispose();
  }
}

/** The bytes in shared memory, where the check threads read the same model (`shareModel`). */
function inSharedMemory(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}
