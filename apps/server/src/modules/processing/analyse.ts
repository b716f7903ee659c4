import { parseIds } from '@plumbline/ids';
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
 * The CPU-heavy part of processing a version: read the IFC, check it against each IDS, extract what
 * the database stores. Pure (no database, no storage), so it runs on a worker thread (analyse-runner).
 */
export function analyse(input: AnalysisInput): AnalysisOutput {
  const timings: Record<string, number> = {};
  let started = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - started);
    started = now;
  };
  let model: ReturnType<typeof readIfc>;
  try {
    model = readIfc(input.bytes, { fileName: input.fileName });
  } catch (error) {
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
    const results = checkAgainst(model, ids, input.fileName);
    lap('check');
    const extracted =
      input.mode === 'full'
        ? { ...extractModel(model), origin: readModelOrigin(model), schema: model.schema }
        : null;
    if (extracted) lap('extract');
    return { kind: 'done', results, extracted, timings };
  } finally {
    model.dispose();
  }
}
