/**
 * The comparison of a version with the previous completed version of its file, made on the analysis
 * thread with the version's check (issue 30, decision 0220): the stored previous version
 * (history/load.ts, as COPY bytes) is decoded, its elements matched to this version's
 * (GlobalId, then content), their findings compared by requirement key. Gives the history rows and,
 * in full processing, each element's stable key and how it was matched. Pure.
 */
import { compareVersions, type ElementSignatures, matchElements, ownElementKey } from '@plumbline/ids';
import {
  type ComparisonRows,
  type CurrentCheck,
  comparisonRows,
  currentFindings,
  type StoredVersionData,
  storedFindings,
} from '../history';

export interface ElementMatchColumns {
  elementKey: string[];
  /** 0 none, 1 GlobalId, 2 content; null without a previous version. */
  matchKind: (number | null)[];
  matchConfidence: (number | null)[];
}

/**
 * The element keys as `elements.element_key` stores them: null where the key is the element's own
 * GlobalId, which every reader falls back to (`coalesce(element_key, global_id)` in SQL, `keyOf` of
 * the comparison), as for versions processed before keys were stored. Most elements keep their
 * GlobalId across versions, so most keys cost nothing (decision 0437). Without keys (no history
 * step), every element is its own.
 */
export function storedElementKeys(
  keys: readonly (string | null)[] | undefined,
  globalIds: readonly (string | null)[],
): (string | null)[] {
  if (!keys) return globalIds.map(() => null);
  return keys.map((key, i) => (key === globalIds[i] ? null : key));
}

export interface HistoryResult {
  /** The rows to store, or null when there is no previous completed version. */
  rows: ComparisonRows | null;
  /** The products' stable keys and matches, by their index in `signatures`. */
  match: ElementMatchColumns;
}

const KIND_CODE = { none: 0, globalId: 1, content: 2 } as const;

export function compareWithPrevious(
  signatures: ElementSignatures,
  storedKeys: (string | null)[] | undefined,
  check: CurrentCheck,
  previous: StoredVersionData | null,
): HistoryResult {
  const products = signatures.stepId.length;
  if (previous === null) {
    return {
      rows: null,
      match: {
        elementKey: signatures.stepId.map((_, i) => storedKeys?.[i] ?? ownElementKey(signatures, i)),
        matchKind: new Array(products).fill(null),
        matchConfidence: new Array(products).fill(null),
      },
    };
  }
  // The builder appends the version's non-element entities to the signatures: compare a copy.
  const next = currentFindings(copyOf(signatures), storedKeys && [...storedKeys], check);
  const old = storedFindings(previous);
  const match = matchElements(old.elements, next.elements);
  const comparison = compareVersions(old, next, match);
  return {
    rows: comparisonRows(comparison, old, next, previous.versionId),
    match: {
      elementKey: comparison.elementKeys.slice(0, products),
      matchKind: match.kind.slice(0, products).map((kind) => KIND_CODE[kind]),
      matchConfidence: Array.from(match.confidence.subarray(0, products), (c) => Math.round(c * 1000) / 1000),
    },
  };
}

function copyOf(s: ElementSignatures): ElementSignatures {
  return Object.fromEntries(
    Object.entries(s).map(([k, v]) => [k, [...(v as unknown[])]]),
  ) as unknown as ElementSignatures;
}
