import type { ColumnarEngine } from '../../../platform/columnar-engine';
import type { ExplorerRow, FacetCountRow } from '../explorer-store';

/**
 * A loaded version's rows as compact arrays in the server's own memory (decision 0464), beside the
 * engine's table: each row's value and (set, attribute) as a number into their distinct texts, each
 * element's row range and texts, each distinct value's rows, and a trigram index of the elements'
 * lower-case names and GlobalIds. A new search term is matched here once (its rows, kept briefly by
 * the store) and a page of rows in a known order (a range of positions, or of a match) is read here:
 * reading scattered rows back from the engine costs tens to hundreds of milliseconds a page.
 * Lower-case texts come from the engine's `lower` (as its `contains` tested them); keys are matched
 * as `searchParts` matches them (the facet keys' JavaScript lower case).
 */
export interface RowIndex {
  readonly rows: number;
  /** Memory it holds, estimated from its arrays and texts (the cache's bound counts it). */
  readonly bytes: number;
  /** Sorted distinct row numbers a search term selects (decision 0168's rule). */
  match(term: string, stepId: number | null, keys: readonly FacetCountRow[]): Int32Array;
  /** The rows at these row numbers, in that order. */
  rowsAt(rowNos: ArrayLike<number>): ExplorerRow[];
}

/** Term length from which the trigram index answers (shorter terms search the elements' texts whole). */
const GRAM = 3;

/** Buckets of the trigram index (a trigram's bucket is a hash of it; a shared bucket only adds candidates). */
const GRAM_BUCKETS = 1 << 20;

/** Bytes counted per distinct value or (set, attribute) pair: its texts' headers and list entries. */
const ENTRY_OVERHEAD = 96;

/** A loaded table's elements: texts as one string each, their pieces separated by NUL (never stored). */
interface Elements {
  n: number;
  /** Per element its GlobalId, then its name ('' when null). */
  original: string;
  /** Per element its lower-case name ('' when null), then its lower-case GlobalId. */
  lower: string;
  classes: string;
  categories: string;
  /** Per element its level ('' when null). */
  levels: string;
  firsts: number[];
  ends: number[];
  steps: number[];
  unnamed: number[];
  unlevelled: number[];
}

/** Builds the index of `table` (rows numbered 0…rows−1 in `row_no`); null when its shape is not that. */
export async function buildRowIndex(
  engine: ColumnarEngine,
  table: string,
  rows: number,
): Promise<RowIndex | null> {
  // An element's texts from its first row (they are the same on each of its rows), each column as one
  // text: reading 176,766 texts one by one from the engine takes seconds, one joined text milliseconds.
  const agg = (text: string) => `coalesce(string_agg(${text}, chr(0) order by f), '')`;
  const [el] = await engine.query<
    Omit<Elements, 'firsts' | 'ends' | 'steps' | 'unnamed' | 'unlevelled'> & { odd: number }
  >(
    `select cast(count(*) as integer) as n, ${agg("g || chr(0) || coalesce(o, '')")} as original,
       ${agg("coalesce(ol, '') || chr(0) || gl")} as lower, ${agg('c')} as classes, ${agg('k')} as categories,
       ${agg("coalesce(l, '')")} as levels,
       cast(count(*) filter (where g is null or c is null or k is null or contains(concat(g, o, c, k, l), chr(0))) as integer) as odd
     from (${elementsOf(table)})`,
  );
  if (!el || el.odd > 0) return null;
  const numbers = await engine.columns<{ f: number; e: number; s: number }>(
    `select f, e, s from (${elementsOf(table)}) order by f`,
  );
  const [nulls] = await engine.query<{ unnamed: number[]; unlevelled: number[] }>(
    `select coalesce(list(i) filter (where o is null), []) as unnamed,
       coalesce(list(i) filter (where l is null), []) as unlevelled
     from (select cast(row_number() over (order by f) - 1 as integer) as i, o, l from (${elementsOf(table)}))`,
  );
  const elements: Elements = {
    ...el,
    firsts: numbers.f,
    ends: numbers.e,
    steps: numbers.s,
    unnamed: nulls?.unnamed ?? [],
    unlevelled: nulls?.unlevelled ?? [],
  };
  // Every row belongs to exactly one element's range, the ranges in order: else no index.
  let next = 0;
  for (let i = 0; i < elements.n; i++) {
    if (elements.firsts[i] !== next) return null;
    next = elements.ends[i] as number;
  }
  if (next !== rows) return null;
  const values = await engine.columns<{ v: string; vl: string; r: number[] }>(
    `select value as v, lower(value) as vl, list(row_no order by row_no) as r
     from ${table} where value is not null group by value`,
  );
  const pairs = await engine.columns<{ s: string | null; a: string | null; r: number[] }>(
    `select property_set as s, attribute as a, list(row_no) as r from ${table} group by all`,
  );
  // The index is made in steps of at most a few hundred milliseconds, letting requests in between.
  await turn();
  const lowerAt = piecesOf(elements.lower, 2 * elements.n);
  if (!lowerAt) return null;
  const grams = await trigramIndex(elements.lower, lowerAt);
  await turn();
  return makeIndex(elements, lowerAt, grams, values, pairs, rows);
}

/** Lets the event loop answer what waits before the next step. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Elements hashed between two turns of a trigram pass (a few milliseconds of work). */
const TURN_EVERY = 8192;

/** Each element's first and end row, STEP id, texts and lower-case name and GlobalId. */
function elementsOf(table: string): string {
  return `select e.first_row as f, e.end_row as e, e.step_id as s, r.global_id as g, r.object_name as o,
    r.ifc_class as c, r.level as l, r.category as k, e.name_lower as ol, e.global_id_lower as gl
    from ${table}_e e join ${table} r on r.row_no = e.first_row`;
}

/**
 * The starts of a text's NUL-separated pieces (one more: the text's length + 1, so piece p is
 * [at[p], at[p+1] - 1)); null when it does not hold `pieces` of them.
 */
function piecesOf(text: string, pieces: number): Int32Array | null {
  const at = new Int32Array(pieces + 1);
  let p = 0;
  for (let i = 1; i < pieces; i++) {
    p = text.indexOf('\0', p);
    if (p < 0) return null;
    at[i] = ++p;
  }
  if (text.indexOf('\0', p) >= 0) return null;
  at[pieces] = text.length + 1;
  return pieces === 0 && text.length > 0 ? null : at;
}

/** Each piece as a number into its distinct texts (fresh copies, so the joined text is not kept). */
function coded(text: string, n: number) {
  const at = piecesOf(text, n);
  if (!at) return null;
  const names: string[] = [];
  const codes = new Map<string, number>();
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const t = text.substring(at[i] as number, (at[i + 1] as number) - 1);
    let code = codes.get(t);
    if (code === undefined) {
      code = names.length;
      codes.set(t, code);
      names.push(JSON.parse(JSON.stringify(t)) as string);
    }
    out[i] = code;
  }
  return {
    names,
    codes: out,
    bytes: out.byteLength + names.reduce((sum, t) => sum + ENTRY_OVERHEAD + t.length * 2, 0),
  };
}

function makeIndex(
  elements: Elements,
  lowerAt: Int32Array,
  grams: Awaited<ReturnType<typeof trigramIndex>>,
  values: { v: string[]; vl: string[]; r: number[][] },
  pairs: { s: (string | null)[]; a: (string | null)[]; r: number[][] },
  rows: number,
): RowIndex | null {
  const n = elements.n;
  const firstRow = new Int32Array(n + 1);
  firstRow.set(elements.firsts);
  firstRow[n] = rows;
  const stepIds = Int32Array.from(elements.steps);
  const byStep = Int32Array.from({ length: n }, (_, i) => i).sort(
    (a, b) => (stepIds[a] as number) - (stepIds[b] as number),
  );
  // Element i's GlobalId is piece 2i of `original`, its name piece 2i + 1; in `lower` name then GlobalId.
  const original = elements.original;
  const originalAt = piecesOf(original, 2 * n);
  const lower = elements.lower;
  const unnamed = new Uint8Array(n);
  for (const i of elements.unnamed) unnamed[i] = 1;
  const classes = coded(elements.classes, n);
  const categories = coded(elements.categories, n);
  const levels = coded(elements.levels, n);
  if (!originalAt || !classes || !categories || !levels) return null;
  for (const i of elements.unlevelled) levels.codes[i] = -1;
  const piece = (text: string, at: Int32Array, p: number) =>
    text.substring(at[p] as number, (at[p + 1] as number) - 1);
  const valueCount = values.v.length;
  const valueCode = new Int32Array(rows).fill(-1);
  const valueStart = new Int32Array(valueCount + 1);
  const valueRows = new Int32Array(rows);
  let at = 0;
  for (let code = 0; code < valueCount; code++) {
    valueStart[code] = at;
    for (const r of values.r[code] as number[]) {
      valueCode[r] = code;
      valueRows[at++] = r;
    }
  }
  valueStart[valueCount] = at;
  const pairCount = pairs.s.length;
  const pairCode = pairCount <= 0xffff ? new Uint16Array(rows) : new Int32Array(rows);
  for (let code = 0; code < pairCount; code++) for (const r of pairs.r[code] as number[]) pairCode[r] = code;
  const valueTexts = values.v;
  const valueLower = values.vl;
  const pairSets = pairs.s;
  const pairAttributes = pairs.a;

  let textBytes = 0;
  for (let i = 0; i < valueCount; i++) {
    textBytes += ENTRY_OVERHEAD + ((valueTexts[i] as string).length + (valueLower[i] as string).length) * 2;
  }
  for (let i = 0; i < pairCount; i++) {
    textBytes += ENTRY_OVERHEAD + ((pairSets[i]?.length ?? 0) + (pairAttributes[i]?.length ?? 0)) * 2;
  }
  const bytes =
    textBytes +
    (original.length + lower.length) * 2 +
    originalAt.byteLength +
    lowerAt.byteLength +
    unnamed.byteLength +
    classes.bytes +
    categories.bytes +
    levels.bytes +
    firstRow.byteLength +
    stepIds.byteLength +
    byStep.byteLength +
    valueCode.byteLength +
    valueStart.byteLength +
    valueRows.byteLength +
    pairCode.byteLength +
    grams.bytes;

  /** The element holding row `r` (the last whose first row is at most r). */
  function elementOf(r: number): number {
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((firstRow[mid] as number) <= r) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  function elementWithStep(stepId: number): number {
    let lo = 0;
    let hi = n - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const i = byStep[mid] as number;
      const s = stepIds[i] as number;
      if (s === stepId) return i;
      if (s < stepId) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Whether element i's lower-case name or GlobalId holds the term. */
  const holds = (i: number, term: string) =>
    (unnamed[i] === 0 && piece(lower, lowerAt, 2 * i).includes(term)) ||
    piece(lower, lowerAt, 2 * i + 1).includes(term);

  return {
    rows,
    bytes,
    match(term, stepId, keys) {
      const folded = term.toLowerCase();
      const keysOf = (facet: string) =>
        new Set(
          keys.filter((k) => k.facet === facet && k.key.toLowerCase().includes(folded)).map((k) => k.key),
        );
      const sets = keysOf('property_set');
      const attributes = keysOf('attribute');
      const classKeys = keysOf('ifc_class');
      const categoryKeys = keysOf('category');
      const pieces: Int32Array[] = [];
      let total = 0;
      const add = (piece: Int32Array) => {
        if (piece.length === 0) return;
        pieces.push(piece);
        total += piece.length;
      };
      for (let code = 0; code < valueCount; code++) {
        if ((valueLower[code] as string).includes(folded)) {
          add(valueRows.subarray(valueStart[code], valueStart[code + 1]));
        }
      }
      const matched = new Set<number>();
      if (folded.length >= GRAM) {
        for (const i of grams.candidates(folded)) if (holds(i, folded)) matched.add(i);
      } else {
        for (let i = 0; i < n; i++) if (holds(i, folded)) matched.add(i);
      }
      const byClass = classes.names.map((c) => classKeys.has(c));
      const byCategory = categories.names.map((c) => categoryKeys.has(c));
      if (byClass.includes(true) || byCategory.includes(true)) {
        for (let i = 0; i < n; i++) {
          if (byClass[classes.codes[i] as number] || byCategory[categories.codes[i] as number])
            matched.add(i);
        }
      }
      if (stepId !== null) {
        const i = elementWithStep(stepId);
        if (i >= 0) matched.add(i);
      }
      for (const i of matched) add(positions(firstRow[i] as number, firstRow[i + 1] as number));
      const byPair: boolean[] = [];
      for (let code = 0; code < pairCount; code++) {
        const set = pairSets[code];
        const attribute = pairAttributes[code];
        byPair.push(
          (set !== null && set !== undefined && sets.has(set)) ||
            (attribute !== null && attribute !== undefined && attributes.has(attribute)),
        );
      }
      const anyPair = byPair.includes(true);
      if (!anyPair && total <= rows / 8) {
        // Few rows: sort their numbers and drop the repeated.
        const all = new Int32Array(total);
        let o = 0;
        for (const piece of pieces) {
          all.set(piece, o);
          o += piece.length;
        }
        all.sort();
        let kept = 0;
        for (let i = 0; i < all.length; i++)
          if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i] as number;
        return all.slice(0, kept);
      }
      // Many rows (or the rows of matching keys): mark them, then read the marks in order.
      const marks = new Uint8Array(rows);
      for (const piece of pieces) for (let i = 0; i < piece.length; i++) marks[piece[i] as number] = 1;
      if (anyPair) for (let r = 0; r < rows; r++) if (byPair[pairCode[r] as number]) marks[r] = 1;
      let count = 0;
      for (let r = 0; r < rows; r++) count += marks[r] as number;
      const out = new Int32Array(count);
      let o = 0;
      for (let r = 0; r < rows; r++) if (marks[r]) out[o++] = r;
      return out;
    },
    rowsAt(rowNos) {
      const out: ExplorerRow[] = [];
      for (let k = 0; k < rowNos.length; k++) {
        const r = rowNos[k] as number;
        const i = elementOf(r);
        const pair = pairCode[r] as number;
        const value = valueCode[r] as number;
        const level = levels.codes[i] as number;
        out.push({
          stepId: stepIds[i] as number,
          globalId: piece(original, originalAt, 2 * i),
          objectName: unnamed[i] ? null : piece(original, originalAt, 2 * i + 1),
          ifcClass: classes.names[classes.codes[i] as number] as string,
          level: level < 0 ? null : (levels.names[level] as string),
          propertySet: pairSets[pair] ?? null,
          attribute: pairAttributes[pair] ?? null,
          value: value < 0 ? null : (valueTexts[value] as string),
        } as ExplorerRow);
      }
      return out;
    },
  };
}

/** The numbers from `from` up to `to` (exclusive). */
export function positions(from: number, to: number): Int32Array {
  const out = new Int32Array(Math.max(0, to - from));
  for (let i = 0; i < out.length; i++) out[i] = from + i;
  return out;
}

/** A trigram's bucket: a hash of its three UTF-16 code units. */
function bucketOf(text: string, i: number): number {
  let h = Math.imul(text.charCodeAt(i), 0x9e3779b1) ^ Math.imul(text.charCodeAt(i + 1), 0x85ebca77);
  h ^= Math.imul(text.charCodeAt(i + 2), 0xc2b2ae3d);
  return (h ^ (h >>> 15)) & (GRAM_BUCKETS - 1);
}

/**
 * Trigram bucket → the elements whose lower-case name or GlobalId holds a trigram of it (each element
 * once per bucket). Element e's texts are [at[2e], at[2e + 2] - 1) of `text` (name, NUL, GlobalId).
 */
async function trigramIndex(text: string, at: Int32Array) {
  const n = (at.length - 1) / 2;
  const start = new Int32Array(GRAM_BUCKETS + 1);
  const last = new Int32Array(GRAM_BUCKETS).fill(-1);
  // A trigram spanning the NUL between name and GlobalId is indexed too: it only adds candidates.
  for (let e = 0; e < n; e++) {
    // Other requests get a turn every block of elements (each pass is ~10^7 hashes on 200 MB).
    if (e % TURN_EVERY === 0 && e > 0) await turn();
    for (let i = at[2 * e] as number, end = (at[2 * e + 2] as number) - 1 - GRAM; i <= end; i++) {
      const b = bucketOf(text, i);
      if (last[b] !== e) {
        last[b] = e;
        start[b + 1] = (start[b + 1] as number) + 1;
      }
    }
  }
  for (let b = 0; b < GRAM_BUCKETS; b++) start[b + 1] = (start[b + 1] as number) + (start[b] as number);
  await turn();
  const postings = new Int32Array(start[GRAM_BUCKETS] as number);
  const fill = start.slice(0, GRAM_BUCKETS);
  last.fill(-1);
  for (let e = 0; e < n; e++) {
    if (e % TURN_EVERY === 0 && e > 0) await turn();
    for (let i = at[2 * e] as number, end = (at[2 * e + 2] as number) - 1 - GRAM; i <= end; i++) {
      const b = bucketOf(text, i);
      if (last[b] !== e) {
        last[b] = e;
        postings[(fill[b] as number)++] = e;
      }
    }
  }
  return {
    bytes: start.byteLength + postings.byteLength,
    /** Elements that may hold `term` (length ≥ GRAM): those of its rarest trigram's bucket. */
    candidates(term: string): Int32Array {
      let best: Int32Array | null = null;
      for (let i = 0; i + GRAM <= term.length; i++) {
        const b = bucketOf(term, i);
        const list = postings.subarray(start[b], start[b + 1]);
        if (best === null || list.length < best.length) best = list;
      }
      return best ?? new Int32Array(0);
    },
  };
}
