import { documentKeys, type ElementSignatures, parseIds } from '@plumbline/ids';
import type { IfcModelOrigin } from '@plumbline/ifc';
import { IfcReadError, readIfc, readModelOrigin } from '@plumbline/ifc';
import { validateModel } from '@plumbline/validity';
import { elementProperties, elementResults, elements, type versionAttributeStats } from '../../schema';
import {
  type CheckedSpecificationRow,
  type CurrentCheck,
  type StoredVersionData,
  storedSignatures,
} from '../history';
import { primaryBimCategory } from '../metadata';
import { MARKING_RULES } from '../validity';
import { attributeStatRows } from './attribute-stats';
import { checkAgainst, type FailingElement } from './check';
import { type ExtractedModel, extractModel } from './extract';
import { countFacets, type FacetCounts } from './facet-counts';
import { compareWithPrevious, type HistoryResult, storedElementKeys } from './history-step';
import type { ResultColumns } from './result-columns';
import { VALIDITY_FINDINGS_PER_RULE, type ValidityRows, validityRows } from './validity-rows';
import {
  type EncodedVersionRows,
  encodeVersionRows,
  transferablesOf,
  type VersionRows,
} from './version-rows';

/** What one version's analysis needs: the IFC bytes and the project's active IDS files as stored. */
export interface AnalysisInput {
  /** The version the rows are for (the COPY lines carry it). */
  versionId: string;
  bytes: Uint8Array;
  fileName: string;
  /** The active IDS files: their specifications' row ids by position, and the lineage their keys use. */
  ids: { name: string; xml: Uint8Array; specificationIds: string[]; lineageId: string }[];
  /** full: check and extract elements and properties; recheck: check only. */
  mode: 'full' | 'recheck';
  /** In a re-check, this version's own stored elements (history/load.ts): its signatures and keys. */
  history: { own: StoredVersionData | null };
}

/** What the comparison with the previous completed version reads: its stored rows, or null (none). */
export interface PreviousVersion {
  previous: StoredVersionData | null;
}

/** Each checked specification's stable keys, for the write to keep ids_specifications' in step. */
export interface SpecificationKeyRow {
  specificationId: string;
  key: string;
  requirementKeys: string[];
}

/**
 * What the write stores of a model, made here on the analysis thread so the write transaction (and
 * the server's event loop) only streams it in: the elements and property rows already in COPY's
 * text format, handed over without a copy (a structured clone of a 200 MB model's 1.4 M rows took
 * the main thread about a second), and the summaries made from those rows.
 */
export interface StoredModel {
  elements: EncodedVersionRows<typeof elements>;
  properties: EncodedVersionRows<typeof elementProperties>;
  attributeStats: VersionRows<typeof versionAttributeStats>;
  facetCounts: FacetCounts;
  /** The header's FILE_NAME and the IfcProject. */
  origin: IfcModelOrigin;
  /** The schema the model was read with. */
  schema: string;
  /** The model's validity: per rule its outcome, and the findings of failing rules (validity-rows.ts). */
  validity: ValidityRows;
}

export type { ValidityRows } from './validity-rows';

/** The check's results as the write stores them: the per-element rows encoded for COPY. */
export type StoredResults = Omit<ResultColumns, 'elements'> & {
  elements: EncodedVersionRows<typeof elementResults>;
};

export type AnalysisOutput =
  | {
      kind: 'done';
      results: StoredResults;
      extracted: StoredModel | null;
      /** The comparison with the previous completed version, as rows; null when there is none. */
      history: HistoryResult['rows'];
      specificationKeys: SpecificationKeyRow[];
      timings: Record<string, number>;
      /** The worker thread it ran on (set by cpu-worker; the main thread is 0). */
      threadId?: number;
    }
  /** The IFC reader's finding about the file (not worth a retry). */
  | { kind: 'unreadable'; message: string };

/** The analysis with its rows as column arrays: what the engine found, before any encoding. */
export type AnalysedRows =
  | {
      kind: 'done';
      results: ResultColumns;
      extracted: (ExtractedModel & { origin: IfcModelOrigin; schema: string; validity: ValidityRows }) | null;
      /** The failing elements as the check found them, and the specifications with their keys. */
      failing: FailingElement[];
      specifications: CheckedSpecificationRow[];
      timings: Record<string, number>;
    }
  | { kind: 'unreadable'; message: string };

/** Adds each step's milliseconds since the previous one to `timings`. */
function stopwatch(timings: Record<string, number>): (name: string) => void {
  let started = performance.now();
  return (name) => {
    const now = performance.now();
    timings[name] = Math.round(now - started);
    started = now;
  };
}

/** Reads the IFC, checks it against each IDS and, in full mode, extracts what the database stores. */
export function analyseRows(input: Omit<AnalysisInput, 'versionId' | 'history'>): AnalysedRows {
  const timings: Record<string, number> = {};
  const lap = stopwatch(timings);
  let model: ReturnType<typeof readIfc>;
  try {
    // Full mode validates the model too: the scan keeps what the rules read (decision 0442).
    model = readIfc(input.bytes, { fileName: input.fileName, forValidity: input.mode === 'full' });
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
      lineageId: file.lineageId,
    }));
    const failing: FailingElement[] = [];
    const results = checkAgainst(model, ids, input.fileName, failing);
    lap('check');
    const specifications = ids.flatMap(({ document, specificationIds, lineageId }) => {
      const keys = documentKeys(lineageId, document);
      return document.specifications.flatMap((spec, position) => {
        const id = specificationIds[position];
        const key = keys[position];
        return id && key
          ? [
              {
                id,
                keys: key,
                name: spec.name,
                identifier: spec.identifier,
                prohibited: spec.cardinality === 'prohibited',
              },
            ]
          : [];
      });
    });
    const checked = { kind: 'done' as const, results, failing, specifications, timings };
    if (input.mode !== 'full') return { ...checked, extracted: null };
    // Before the extraction: what validity builds is garbage by the time the rows are made.
    const validity = validityRows(
      validateModel(model, {
        maxFindingsPerRule: VALIDITY_FINDINGS_PER_RULE,
        keepAllFindingsOf: MARKING_RULES,
      }),
    );
    lap('validity');
    const extracted = { ...extractModel(model), origin: readModelOrigin(model), schema: model.schema };
    lap('extract');
    return { ...checked, extracted: { ...extracted, validity } };
  } finally {
    model.dispose();
  }
}

/**
 * The CPU-heavy part of processing a version: `analyseRows`, then the summaries of the rows and the
 * rows in COPY's text format. Pure (no database, no storage), so it runs on a worker thread
 * (analyse-runner).
 */
export async function analyse(
  input: AnalysisInput,
  loadPrevious: () => Promise<PreviousVersion>,
): Promise<AnalysisOutput> {
  const analysed = analyseRows(input);
  if (analysed.kind === 'unreadable') return analysed;
  const { timings } = analysed;
  const lap = stopwatch(timings);
  const checked = analysed.results;
  const rows = analysed.extracted;
  // A re-check compares with the elements stored at processing (its signatures and keys).
  const own = rows === null && input.history.own ? storedSignatures(input.history.own.elements) : null;
  const signatures: ElementSignatures | null = rows?.elements ?? own?.signatures ?? null;
  const history =
    signatures === null
      ? null
      : await historyOf(
          signatures,
          own?.keys,
          { specifications: analysed.specifications, entities: checked.entities, failing: analysed.failing },
          loadPrevious,
          lap,
        );
  const specificationKeys = analysed.specifications.map((spec) => ({
    specificationId: spec.id,
    key: spec.keys.key,
    requirementKeys: [...spec.keys.requirementKeys],
  }));
  const results = {
    ...checked,
    elements: encodeVersionRows(elementResults, input.versionId, checked.elements),
  };
  lap('encode results');
  const done = { kind: 'done' as const, results, history: history?.rows ?? null, specificationKeys, timings };
  if (rows === null) return { ...done, extracted: null };
  const attributeStats = attributeStatRows(rows);
  lap('summarise properties');
  const facetCounts = countFacets(rows);
  lap('count facets');
  const e = rows.elements;
  const match = history?.match;
  const extracted: StoredModel = {
    elements: encodeVersionRows(elements, input.versionId, {
      stepId: e.stepId,
      globalId: e.globalId,
      ifcClass: e.ifcClass,
      name: e.name,
      typeName: e.typeName,
      predefinedType: e.predefinedType,
      predefinedTypeUserDefined: e.predefinedTypeUserDefined,
      level: e.level,
      category: e.ifcClass.map(primaryBimCategory),
      x: e.x,
      y: e.y,
      z: e.z,
      // bytea's hexadecimal input (schema/elements.ts): 12 bytes stored, not 24 digits.
      propertyHash: e.propertyHash.map((hash) => (hash === null ? null : `\\x${hash}`)),
      elementKey: storedElementKeys(match?.elementKey, e.globalId),
      matchKind: match?.matchKind ?? e.stepId.map(() => null),
      matchConfidence: match?.matchConfidence ?? e.stepId.map(() => null),
    }),
    properties: encodeVersionRows(elementProperties, input.versionId, rows.properties),
    attributeStats,
    facetCounts,
    origin: rows.origin,
    schema: rows.schema,
    validity: rows.validity,
  };
  lap('encode rows');
  return { ...done, extracted };
}

/**
 * The comparison with the previous version, in a frame of its own: the previous version's rows (and
 * all the comparison decodes of them) are garbage once it returns, not held by this thread through
 * the encoding of the version's rows that follows.
 */
async function historyOf(
  signatures: ElementSignatures,
  storedKeys: (string | null)[] | undefined,
  check: CurrentCheck,
  loadPrevious: () => Promise<PreviousVersion>,
  lap: (step: string) => void,
): Promise<HistoryResult> {
  // Read by the main thread while this one parsed and checked; waited for only if it is not here yet.
  const loaded = await loadPrevious();
  lap('wait for previous');
  const history = compareWithPrevious(signatures, storedKeys, check, loaded.previous);
  lap('history');
  return history;
}

/** The buffers of a finished analysis' encoded rows: the thread transfers them with its output. */
export function transfersOf(output: Extract<AnalysisOutput, { kind: 'done' }>): ArrayBuffer[] {
  const { results, extracted } = output;
  return extracted === null
    ? transferablesOf(results.elements)
    : transferablesOf(results.elements, extracted.elements, extracted.properties);
}
