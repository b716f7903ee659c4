/**
 * The comparison of a version whose results are copied from another version with the same result
 * key (decision 0433), on a worker thread (cpu-worker.ts task `compare-reused`): the source's stored
 * rows stand for the version's own check (they are the same rows), with the elements keyed by their
 * own GlobalIds as a fresh check would key them, matched to this file's previous completed version
 * as history-step.ts matches a processed one. Gives the history rows and each element's key and
 * match by STEP id. Pure.
 */
import { compareVersions, matchElements, ownElementKey } from '@plumbline/ids';
import {
  type ComparisonRows,
  comparisonRows,
  type StoredVersionData,
  storedFindings,
  storedSignatures,
} from '../history';
import type { ElementMatchColumns } from './history-step';

export interface ReuseCompareInput {
  /** This file's previous completed version; null when there is none. */
  previous: StoredVersionData | null;
  /** The version the results are copied from. */
  source: StoredVersionData;
}

export interface ReuseCompareOutput extends ElementMatchColumns {
  rows: ComparisonRows | null;
  /** The elements' STEP ids, in the order of the match columns. */
  stepId: number[];
}

const KIND_CODE = { none: 0, globalId: 1, content: 2 } as const;

export function compareReused(input: ReuseCompareInput): ReuseCompareOutput {
  const { signatures } = storedSignatures(input.source.elements);
  const products = signatures.stepId.length;
  if (input.previous === null) {
    return {
      rows: null,
      stepId: signatures.stepId,
      elementKey: signatures.stepId.map((_, i) => ownElementKey(signatures, i)),
      matchKind: new Array(products).fill(null),
      matchConfidence: new Array(products).fill(null),
    };
  }
  const next = storedFindings(input.source, undefined, { storedKeys: false });
  const old = storedFindings(input.previous);
  const match = matchElements(old.elements, next.elements);
  const comparison = compareVersions(old, next, match);
  return {
    rows: comparisonRows(comparison, old, next, input.previous.versionId),
    stepId: next.elements.stepId.slice(0, products),
    elementKey: comparison.elementKeys.slice(0, products),
    matchKind: match.kind.slice(0, products).map((kind) => KIND_CODE[kind]),
    matchConfidence: Array.from(match.confidence.subarray(0, products), (c) => Math.round(c * 1000) / 1000),
  };
}
