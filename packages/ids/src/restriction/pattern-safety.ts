/**
 * Which translated XSD patterns a backtracking engine (the native RegExp) runs in linear time
 * (issue 36). User patterns run on re2js, a linear-time engine (decision 0166), at about ten times
 * the cost of a native match; patterns were a third of a pack's CPU. This module reads the RE2
 * source `translateXsdPattern` produces and proves, or fails to prove, that a backtracking match
 * of `^(?:source)$` takes at most about K × n × |P| steps (n the input's length, |P| the pattern's,
 * K a bound fixed by the pattern). Anything it cannot prove stays on re2js.
 *
 * The argument. A backtracking matcher explores the runs of the pattern's automaton over prefixes
 * of the input, one at a time; its time is the number of (run, input position) pairs it visits,
 * times the pattern steps between two characters (at most |P|). A pattern is accepted when:
 *  1. every repetition that may repeat (max > 1) repeats one character class, or a fixed string of
 *     character classes (`[0-9]+`, `(_[0-9]{2})*`): no nested repetition, no alternation, no
 *     optional part and nothing that matches the empty string under a repetition, so a repetition
 *     never offers two ways to read the same characters (what makes `(a+)+`, `(a|aa)+`, `(a?)*`
 *     exponential);
 *  2. at every variable repetition (min < max), the characters that can start another iteration
 *     and the characters that can come right after it are disjoint, so the next character decides
 *     between repeating and leaving (what makes `[0-9]*[0-9]*` or `.*a.*b` polynomial) — except
 *     for the textually last repetition, after which only a bounded string can follow: each of its
 *     at most n exits then costs at most |P| × K steps (`Foo.*`, `.*glas`, `(R|EI)[0-9]{2,3}`);
 *  3. the other choices, alternations and optional parts (never under a repetition, by 1), split
 *     a run at most K = Π(branches) × 2^(optional parts) ways: K ≤ MAX_CHOICES.
 * Then at most K runs are alive at any position, and each either consumes the next character or
 * dies within |P| steps.
 *
 * Character classes are code-point ranges and Unicode categories (`\p{Nd}`, `\w`); only
 * categories whose tables the native engine and re2js share are allowed (`pattern-safety.test.ts`
 * compares them on every code point), so both engines give the same answers. A category meets a
 * few code points when the native engine says so; a large range is taken to meet it.
 */

type Range = readonly [number, number];
const MAX = 0x10ffff;

/** Largest product of alternation branches and optional parts accepted (bound 3). */
export const MAX_CHOICES = 64;

/**
 * Categories the translation of \d, \D, \w and \W uses; the native engine's and re2js's tables are
 * compared on every code point for these (pattern-safety.test.ts). Others stay on re2js.
 */
export const SHARED_CATEGORIES: readonly string[] = ['Nd', 'L', 'M', 'N', 'S', 'P', 'Z', 'C'];

/**
 * A character class: code-point ranges, positive Unicode categories, or `any` for a class whose
 * members are not worked out (a negated class holding a category, `\\D`): it is taken to overlap
 * everything, which can only refuse a pattern.
 */
interface CharSet {
  readonly ranges: readonly Range[];
  readonly categories: readonly string[];
  readonly any: boolean;
}

type Node =
  | { readonly kind: 'set'; readonly set: CharSet }
  | { readonly kind: 'seq'; readonly items: readonly Node[] }
  | { readonly kind: 'alt'; readonly branches: readonly Node[] }
  | { readonly kind: 'rep'; readonly node: Node; readonly min: number; readonly max: number };

class Unsafe extends Error {}

const EMPTY: CharSet = { ranges: [], categories: [], any: false };

function normalise(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

function complement(ranges: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of normalise([...ranges])) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

function union(sets: readonly CharSet[]): CharSet {
  if (sets.length === 1) return sets[0] as CharSet;
  return {
    ranges: normalise(sets.flatMap((x) => [...x.ranges])),
    categories: [...new Set(sets.flatMap((x) => x.categories))],
    any: sets.some((x) => x.any),
  };
}

function rangesOverlap(a: readonly Range[], b: readonly Range[]): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [alo, ahi] = a[i] as Range;
    const [blo, bhi] = b[j] as Range;
    if (alo <= bhi && blo <= ahi) return true;
    if (ahi < bhi) i++;
    else j++;
  }
  return false;
}

/** Ranges this large are taken to meet any category rather than tested code point by code point. */
const MAX_TESTED_CODE_POINTS = 4096;

/** Whether some code point of `ranges` is in one of `categories`, as the native engine reads them. */
function categoriesMeet(categories: readonly string[], ranges: readonly Range[]): boolean {
  if (categories.length === 0 || ranges.length === 0) return false;
  let size = 0;
  for (const [lo, hi] of ranges) size += hi - lo + 1;
  if (size > MAX_TESTED_CODE_POINTS) return true;
  const re = new RegExp(`^[${categories.map((c) => `\\p{${c}}`).join('')}]$`, 'u');
  for (const [lo, hi] of ranges)
    for (let cp = lo; cp <= hi; cp++) if (re.test(String.fromCodePoint(cp))) return true;
  return false;
}

/** General categories partition the code points: two meet only when one names the other or a part of it. */
function categoriesOverlap(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.some((y) => x.startsWith(y) || y.startsWith(x)));
}

function overlaps(a: CharSet, b: CharSet): boolean {
  if ((a.any && !isEmpty(b)) || (b.any && !isEmpty(a))) return true;
  return (
    rangesOverlap(a.ranges, b.ranges) ||
    categoriesOverlap(a.categories, b.categories) ||
    categoriesMeet(a.categories, b.ranges) ||
    categoriesMeet(b.categories, a.ranges)
  );
}

function isEmpty(x: CharSet): boolean {
  return !x.any && x.ranges.length === 0 && x.categories.length === 0;
}

/** Reads the RE2 source `translateXsdPattern` writes (a small, regular subset of RE2). */
class Reader {
  private pos = 0;
  private readonly chars: string[];

  constructor(source: string) {
    this.chars = Array.from(source);
  }

  read(): Node {
    const node = this.alternation();
    if (this.pos !== this.chars.length) throw new Unsafe();
    return node;
  }

  private peek(): string | undefined {
    return this.chars[this.pos];
  }

  private alternation(): Node {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(this.sequence());
    }
    return branches.length === 1 ? (branches[0] as Node) : { kind: 'alt', branches };
  }

  private sequence(): Node {
    const items: Node[] = [];
    for (;;) {
      const c = this.peek();
      if (c === undefined || c === '|' || c === ')') break;
      items.push(this.quantified(this.atom()));
    }
    return items.length === 1 ? (items[0] as Node) : { kind: 'seq', items };
  }

  private quantified(node: Node): Node {
    const c = this.peek();
    if (c === '?') return this.rep(node, 0, 1, 1);
    if (c === '*') return this.rep(node, 0, Number.POSITIVE_INFINITY, 1);
    if (c === '+') return this.rep(node, 1, Number.POSITIVE_INFINITY, 1);
    if (c !== '{') return node;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(this.chars.slice(this.pos, this.pos + 24).join(''));
    if (!m) throw new Unsafe();
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Number.POSITIVE_INFINITY : Number(m[3]);
    return this.rep(node, min, max, m[0].length);
  }

  private rep(node: Node, min: number, max: number, width: number): Node {
    this.pos += width;
    // A quantifier on a quantifier is not something the translation writes.
    const next = this.peek();
    if (next !== undefined && '?*+{'.includes(next)) throw new Unsafe();
    return { kind: 'rep', node, min, max };
  }

  private atom(): Node {
    const c = this.chars[this.pos++];
    if (c === '(') {
      if (this.chars[this.pos] !== '?' || this.chars[this.pos + 1] !== ':') throw new Unsafe();
      this.pos += 2;
      const inner = this.alternation();
      if (this.chars[this.pos++] !== ')') throw new Unsafe();
      return inner;
    }
    if (c === '[') return { kind: 'set', set: this.charClass() };
    if (c === '\\') {
      const e = this.escape();
      if (e === null) throw new Unsafe();
      return { kind: 'set', set: { ranges: [[e, e]], categories: [], any: false } };
    }
    if (c === undefined || '?*+{}])|'.includes(c)) throw new Unsafe();
    const cp = c.codePointAt(0) as number;
    return { kind: 'set', set: { ranges: [[cp, cp]], categories: [], any: false } };
  }

  /** After a backslash: a code point, or null for a category (read by the caller). */
  private escape(): number | null {
    const c = this.chars[this.pos++];
    if (c === 'n') return 10;
    if (c === 'r') return 13;
    if (c === 't') return 9;
    if (c === 'x') {
      const m = /^\{([0-9a-f]+)\}/.exec(this.chars.slice(this.pos, this.pos + 10).join(''));
      if (!m) throw new Unsafe();
      this.pos += m[0].length;
      return Number.parseInt(m[1] as string, 16);
    }
    if (c === 'p' || c === 'P') {
      this.pos--;
      return null;
    }
    if (c !== undefined && '^$/'.includes(c)) return c.codePointAt(0) as number;
    throw new Unsafe();
  }

  private charClass(): CharSet {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.pos++;
    }
    const ranges: Range[] = [];
    const categories: string[] = [];
    let any = false;
    for (;;) {
      const c = this.chars[this.pos++];
      if (c === undefined) throw new Unsafe();
      if (c === ']') break;
      if (c !== '\\') throw new Unsafe();
      const lo = this.escape();
      if (lo === null) {
        const negate = this.chars[this.pos++] === 'P';
        const m = /^\{(\w+)\}/.exec(this.chars.slice(this.pos, this.pos + 12).join(''));
        if (!m) throw new Unsafe();
        this.pos += m[0].length;
        const name = m[1] as string;
        // Only categories both engines read alike (pattern-safety.test.ts).
        if (!SHARED_CATEGORIES.includes(name)) throw new Unsafe();
        if (negate) any = true;
        else categories.push(name);
        continue;
      }
      if (this.peek() === '-' && this.chars[this.pos + 1] === '\\') {
        this.pos += 2;
        const hi = this.escape();
        if (hi === null || hi < lo) throw new Unsafe();
        ranges.push([lo, hi]);
      } else ranges.push([lo, lo]);
    }
    if (negated) {
      // A negated class of ranges is ranges; with a category its members are not worked out.
      return categories.length > 0 || any
        ? { ranges: [], categories: [], any: true }
        : { ranges: complement(ranges), categories: [], any: false };
    }
    return { ranges: normalise(ranges), categories, any };
  }
}

function nullable(n: Node): boolean {
  switch (n.kind) {
    case 'set':
      return false;
    case 'seq':
      return n.items.every(nullable);
    case 'alt':
      return n.branches.some(nullable);
    case 'rep':
      return n.min === 0 || nullable(n.node);
  }
}

/** The characters a match of `n` can start with. */
function first(n: Node): CharSet {
  switch (n.kind) {
    case 'set':
      return n.set;
    case 'seq': {
      const out: CharSet[] = [];
      for (const item of n.items) {
        out.push(first(item));
        if (!nullable(item)) break;
      }
      return out.length === 0 ? EMPTY : union(out);
    }
    case 'alt':
      return union(n.branches.map(first));
    case 'rep':
      return n.max === 0 ? EMPTY : first(n.node);
  }
}

/** A fixed string of character classes: what a repetition may repeat (rule 1). */
function isFixedString(n: Node): boolean {
  if (n.kind === 'set') return true;
  if (n.kind === 'seq') return n.items.length > 0 && n.items.every(isFixedString);
  if (n.kind === 'rep') return n.min === n.max && n.min > 0 && isFixedString(n.node);
  return false;
}

interface Loop {
  readonly node: Extract<Node, { kind: 'rep' }>;
  /** Characters that can be read right after the loop is left. */
  readonly follow: CharSet;
}

/**
 * Walks the tree left to right: checks rule 1, counts the choices (rule 3) and lists the variable
 * repetitions with what can follow each (rule 2). `follow` is what can follow `n`.
 */
function walk(n: Node, follow: CharSet, loops: Loop[], choices: { k: number }): void {
  switch (n.kind) {
    case 'set':
      return;
    case 'seq': {
      for (let i = 0; i < n.items.length; i++) {
        const rest: CharSet[] = [];
        let j = i + 1;
        for (; j < n.items.length; j++) {
          const item = n.items[j] as Node;
          rest.push(first(item));
          if (!nullable(item)) break;
        }
        if (j === n.items.length) rest.push(follow);
        walk(n.items[i] as Node, rest.length === 0 ? EMPTY : union(rest), loops, choices);
      }
      return;
    }
    case 'alt':
      choices.k *= n.branches.length;
      if (choices.k > MAX_CHOICES) throw new Unsafe();
      for (const b of n.branches) walk(b, follow, loops, choices);
      return;
    case 'rep': {
      if (n.max <= 1) {
        if (n.min === 0 && n.max === 1) {
          choices.k *= 2;
          if (choices.k > MAX_CHOICES) throw new Unsafe();
        }
        walk(n.node, follow, loops, choices);
        return;
      }
      if (!isFixedString(n.node)) throw new Unsafe();
      if (n.min !== n.max) loops.push({ node: n, follow });
      return;
    }
  }
}

/** Whether the translated pattern `source` runs in linear time on a backtracking engine. */
export function isLinearOnBacktracking(source: string): boolean {
  try {
    const tree = new Reader(source).read();
    const loops: Loop[] = [];
    walk(tree, EMPTY, loops, { k: 1 });
    for (let i = 0; i < loops.length; i++) {
      const loop = loops[i] as Loop;
      if (!overlaps(first(loop.node.node), loop.follow)) continue;
      // Rule 2's exception: the last repetition, with only a bounded string after it.
      if (i !== loops.length - 1 || !boundedAfter(tree, loop.node)) return false;
    }
    return true;
  } catch (error) {
    if (error instanceof Unsafe) return false;
    throw error;
  }
}

/** Whether no repetition that may repeat comes after `target` in the pattern's text. */
function boundedAfter(tree: Node, target: Node): boolean {
  let seen = false;
  let bounded = true;
  const visit = (n: Node): void => {
    if (n === target) {
      seen = true;
      return;
    }
    if (n.kind === 'rep') {
      if (seen && n.max > 1) bounded = false;
      visit(n.node);
    } else if (n.kind === 'seq') n.items.forEach(visit);
    else if (n.kind === 'alt') n.branches.forEach(visit);
  };
  visit(tree);
  return bounded;
}

/** The JavaScript source (u flag) of the same translated pattern: RE2's \x{…} is \u{…}. */
export function nativeSource(source: string): string {
  return source.replaceAll('\\x{', '\\u{');
}
