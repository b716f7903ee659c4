/**
 * Which element of a new version is which element of the old one (issue 30). First by GlobalId;
 * then, for an exporter that regenerated GlobalIds, by content among the elements left over:
 * within a bucket of one class and predefined type, an exact pass (name, type, storey, property
 * fingerprint and placement all equal), then a scored pass over the candidates that share a name,
 * a placement cell or the same type, storey and fingerprint, assigned best score first. Every
 * candidate list is capped, so the cost grows with the elements, not with their pairs.
 */
import type { ElementSignatures } from './element-signature';

export type MatchKind = 'globalId' | 'content' | 'none';

/** How a new version's elements correspond to an old version's. */
export interface ElementMatch {
  /** Per new element, the index of its old element, or -1 (added). */
  readonly oldIndexOf: Int32Array;
  /** Per old element, the index of its new element, or -1 (removed). */
  readonly newIndexOf: Int32Array;
  /** Per new element, how it was matched. */
  readonly kind: readonly MatchKind[];
  /** Per new element, how sure the match is: 1 for a GlobalId, the content score (0.6–1) else, 0 none. */
  readonly confidence: Float32Array;
  readonly counts: MatchCounts;
}

export interface MatchCounts {
  readonly matchedByGlobalId: number;
  readonly matchedByContent: number;
  /** New elements with no old one. */
  readonly added: number;
  /** Old elements with no new one. */
  readonly removed: number;
}

/** Placements closer than this (metres) count as the same place. */
export const PLACEMENT_TOLERANCE_M = 0.05;
/** Candidates farther than this are not the same element moved, as far as placement says. */
const NEAR_M = 0.5;
/** Placement cells, a little over NEAR_M so that 27 neighbouring cells cover every near candidate. */
const CELL_M = 0.5;
/** Most candidates one element is scored against per index (name, cell, type+storey+properties). */
const CANDIDATE_CAP = 48;
/** The least score a content match needs (of 1). */
export const MIN_CONTENT_SCORE = 0.6;

const W_NAME = 0.3;
const W_TYPE = 0.15;
const W_LEVEL = 0.1;
const W_PROPERTIES = 0.2;
const W_PLACE = 0.25;

function bucketKey(s: ElementSignatures, i: number): string {
  return `${s.ifcClass[i]}\u0000${s.predefinedType[i] ?? ''}`;
}

function exactKey(s: ElementSignatures, i: number): string {
  return [s.name[i], s.typeName[i], s.level[i], s.propertyHash[i], s.x[i], s.y[i], s.z[i]].join('\u0000');
}

function distance(a: ElementSignatures, i: number, b: ElementSignatures, j: number): number | null {
  const ax = a.x[i];
  const bx = b.x[j];
  if (ax == null || bx == null) return null;
  return Math.hypot(ax - bx, (a.y[i] ?? 0) - (b.y[j] ?? 0), (a.z[i] ?? 0) - (b.z[j] ?? 0));
}

/** How alike two elements of one bucket are, from 0 to 1; null when they may not be matched. */
export function contentScore(
  a: ElementSignatures,
  i: number,
  b: ElementSignatures,
  j: number,
): number | null {
  let score = 0;
  let weight = W_NAME + W_TYPE + W_LEVEL + W_PROPERTIES;
  const sameName = a.name[i] != null && a.name[i] === b.name[j];
  if (sameName) score += W_NAME;
  if (a.typeName[i] === b.typeName[j]) score += W_TYPE;
  if (a.level[i] === b.level[j]) score += W_LEVEL;
  if (a.propertyHash[i] === b.propertyHash[j]) score += W_PROPERTIES;
  const d = distance(a, i, b, j);
  let near = false;
  if (d !== null) {
    weight += W_PLACE;
    if (d <= PLACEMENT_TOLERANCE_M) score += W_PLACE;
    else if (d <= NEAR_M) score += W_PLACE / 2;
    near = d <= PLACEMENT_TOLERANCE_M;
  } else if (a.x[i] != null || b.x[j] != null) {
    weight += W_PLACE; // one has a place and the other none: that counts against them
  }
  // A content match needs the name or the place to agree: type, storey and properties alone are
  // shared by every element of a kind.
  if (!sameName && !near) return null;
  return score / weight;
}

function cellKey(x: number, y: number, z: number): string {
  return `${Math.floor(x / CELL_M)},${Math.floor(y / CELL_M)},${Math.floor(z / CELL_M)}`;
}

/** Old elements of one bucket indexed for finding candidates. */
class BucketIndex {
  private readonly byName = new Map<string, number[]>();
  private readonly byCell = new Map<string, number[]>();
  private readonly byLook = new Map<string, number[]>();

  constructor(old: ElementSignatures, members: readonly number[]) {
    for (const i of members) {
      const name = old.name[i];
      if (name != null) push(this.byName, name, i);
      const x = old.x[i];
      if (x != null) push(this.byCell, cellKey(x, old.y[i] ?? 0, old.z[i] ?? 0), i);
      push(this.byLook, lookKey(old, i), i);
    }
  }

  candidates(s: ElementSignatures, j: number): Set<number> {
    const out = new Set<number>();
    const add = (list: readonly number[] | undefined) => {
      if (!list || list.length > CANDIDATE_CAP) return; // too ambiguous to tell apart this way
      for (const i of list) out.add(i);
    };
    const name = s.name[j];
    if (name != null) add(this.byName.get(name));
    const x = s.x[j];
    if (x != null) {
      const cx = Math.floor(x / CELL_M);
      const cy = Math.floor((s.y[j] ?? 0) / CELL_M);
      const cz = Math.floor((s.z[j] ?? 0) / CELL_M);
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          for (let dz = -1; dz <= 1; dz++) add(this.byCell.get(`${cx + dx},${cy + dy},${cz + dz}`));
    }
    add(this.byLook.get(lookKey(s, j)));
    return out;
  }
}

function lookKey(s: ElementSignatures, i: number): string {
  return `${s.typeName[i] ?? ''}\u0000${s.level[i] ?? ''}\u0000${s.propertyHash[i] ?? ''}`;
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Matches the elements of `next` to those of `old` (see the file's comment). Deterministic. */
export function matchElements(old: ElementSignatures, next: ElementSignatures): ElementMatch {
  const nOld = old.stepId.length;
  const nNew = next.stepId.length;
  const oldIndexOf = new Int32Array(nNew).fill(-1);
  const newIndexOf = new Int32Array(nOld).fill(-1);
  const kind: MatchKind[] = new Array(nNew).fill('none');
  const confidence = new Float32Array(nNew);
  const pair = (o: number, n: number, how: MatchKind, score: number) => {
    oldIndexOf[n] = o;
    newIndexOf[o] = n;
    kind[n] = how;
    confidence[n] = score;
  };

  // 1. GlobalId. A GlobalId written twice in a file (a broken export) matches its first holder only.
  const byGlobalId = new Map<string, number>();
  for (let i = 0; i < nOld; i++) {
    const id = old.globalId[i];
    if (id != null && !byGlobalId.has(id)) byGlobalId.set(id, i);
  }
  let matchedByGlobalId = 0;
  for (let j = 0; j < nNew; j++) {
    const id = next.globalId[j];
    const i = id == null ? undefined : byGlobalId.get(id);
    if (i === undefined || newIndexOf[i] !== -1) continue;
    pair(i, j, 'globalId', 1);
    matchedByGlobalId++;
  }

  // 2. Content, among the leftovers, bucket by bucket.
  const oldBuckets = new Map<string, number[]>();
  for (let i = 0; i < nOld; i++) if (newIndexOf[i] === -1) push(oldBuckets, bucketKey(old, i), i);
  const newBuckets = new Map<string, number[]>();
  for (let j = 0; j < nNew; j++) if (oldIndexOf[j] === -1) push(newBuckets, bucketKey(next, j), j);
  let matchedByContent = 0;
  for (const [bucket, newMembers] of newBuckets) {
    const oldMembers = oldBuckets.get(bucket);
    if (!oldMembers) continue;
    matchedByContent += matchBucket(old, oldMembers, next, newMembers, newIndexOf, pair);
  }

  const matched = matchedByGlobalId + matchedByContent;
  return {
    oldIndexOf,
    newIndexOf,
    kind,
    confidence,
    counts: { matchedByGlobalId, matchedByContent, added: nNew - matched, removed: nOld - matched },
  };
}

function matchBucket(
  old: ElementSignatures,
  oldMembers: readonly number[],
  next: ElementSignatures,
  newMembers: readonly number[],
  newIndexOf: Int32Array,
  pair: (o: number, n: number, how: MatchKind, score: number) => void,
): number {
  let matched = 0;
  // Exact: everything but the GlobalId equal (the common case of a regenerating exporter).
  const exact = new Map<string, number[]>();
  // Reversed, so that pop() hands the namesakes out in the old version's order.
  for (let k = oldMembers.length - 1; k >= 0; k--) push(exact, exactKey(old, oldMembers[k]!), oldMembers[k]!);
  const left: number[] = [];
  for (const j of newMembers) {
    const i = exact.get(exactKey(next, j))?.pop();
    if (i === undefined) {
      left.push(j);
      continue;
    }
    pair(i, j, 'content', 1);
    matched++;
  }
  if (left.length === 0) return matched;
  // Scored: candidates from the indexes, the best pairs first.
  const index = new BucketIndex(
    old,
    oldMembers.filter((i) => newIndexOf[i] === -1),
  );
  const scored: { o: number; n: number; score: number; d: number }[] = [];
  for (const j of left) {
    for (const i of index.candidates(next, j)) {
      if (newIndexOf[i] !== -1) continue;
      const score = contentScore(old, i, next, j);
      if (score === null || score < MIN_CONTENT_SCORE) continue;
      scored.push({ o: i, n: j, score, d: distance(old, i, next, j) ?? Number.POSITIVE_INFINITY });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.d - b.d || a.n - b.n || a.o - b.o);
  const taken = new Set<number>();
  for (const { o, n, score } of scored) {
    if (newIndexOf[o] !== -1 || taken.has(n)) continue;
    taken.add(n);
    pair(o, n, 'content', score);
    matched++;
  }
  return matched;
}
