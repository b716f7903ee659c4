import { parseIds } from '@plumbline/ids';
import { IfcReadError, readIfc, readModelOrigin } from '@plumbline/ifc';
import type { versionAttributeStats } from '../../schema';
import { attributeStatRows } from './attribute-stats';
import { checkAgainst } from './check';
import { type ExtractedModel, extractModel } from './extract';
import { countFacets, type FacetCounts } from './facet-counts';
import type { VersionRows } from './output-writer';
import type { ResultColumns } from './result-columns';

/** What one version's analysis needs: the IFC bytes and the project's active IDS files as stored. */
export interface AnalysisInput {
  bytes: Uint8Array;
  fileName: string;
  ids: { name: string; xml: Uint8Array; specificationIds: string[] }[];
  /** full: check and extract elements and properties; recheck: check only. */
  mode: 'full' | 'recheck';
}

/**
 * What the write stores of a model: its extracted rows and the summaries made from them, made here on
 * the analysis thread so the write transaction (and the server's event loop) only copies them in.
 */
export interface StoredModel extends ExtractedModel {
  attributeStats: VersionRows<typeof versionAttributeStats>;
  facetCounts: FacetCounts;
}

export type AnalysisOutput =
  | {
      kind: 'done';
      results: ResultColumns;
      extracted: StoredModel | null;
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
    if (input.mode !== 'full') return { kind: 'done', results, extracted: null, timings };
    const rows = { ...extractModel(model), origin: readModelOrigin(model), schema: model.schema };
    lap('extract');
    const attributeStats = attributeStatRows(rows);
    lap('summarise properties');
    const facetCounts = countFacets(rows);
    lap('count facets');
    return { kind: 'done', results, extracted: { ...rows, attributeStats, facetCounts }, timings };
  } finally {
    model.dispose();
  }
}
