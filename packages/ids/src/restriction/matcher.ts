/**
 * Compiles an IDS value (simpleValue or xs:restriction) once into a matcher used in the hot loop.
 *
 * Comparison is typed by the value found in the model: strings compare exactly (case-sensitive),
 * booleans only against the lowercase literals, integers exactly and only against integer literals,
 * reals with the IDS tolerance. Patterns and lengths apply to strings only, bounds to numbers only.
 */
import type { IdsValue, RestrictionValue } from '../document';
import { FOLDED_SHOWN } from '../report/fold';
import { type CodeListText, codeListIncludes, codeListValues } from '../xml/code-list-text';
import { codeListOf } from './code-list';
import { isIntegerLiteral, parseBoolean, parseDouble, realEquals, withinBound } from './lexical';
import { compileXsdPattern, type XsdPattern, XsdPatternError } from './xsd-regex';

/** A scalar found in the model (an IfcValue is one). */
export interface ScalarValue {
  readonly value: string | number | boolean;
  /** Whether a number was written as a real (tolerance applies) rather than an integer. */
  readonly isReal: boolean;
}

export interface ValueMatcher {
  /** Whether a model value satisfies the IDS value. */
  matches(value: ScalarValue): boolean;
  /** Shortcut for names and identifiers (plain strings). */
  matchesString(text: string): boolean;
  /** Human phrase: '"EI 60"', 'one of "A", "B"', 'matching pattern EI[0-9]{2,3}', '≥ 0 and < 10'. */
  readonly description: string;
  /** The single accepted string when the value is a simpleValue (for index look-ups), else null. */
  readonly exact: string | null;
  /** Every accepted string when the value is a simpleValue or a pure enumeration, else null. */
  readonly finite: readonly string[] | null;
  /** How many strings `finite` holds (null when it is null), without making a code list's strings. */
  readonly finiteCount: number | null;
}

/** Compares one literal from the IDS with a model value. */
export function literalMatches(literal: string, v: ScalarValue): boolean {
  const x = v.value;
  if (typeof x === 'string') return x === literal;
  if (typeof x === 'boolean') return parseBoolean(literal) === x;
  if (!v.isReal) return isIntegerLiteral(literal) && Number(literal) === x;
  const n = parseDouble(literal);
  return !Number.isNaN(n) && realEquals(x, n);
}

/** Enumeration values spelled out in a description. */

function quote(s: string): string {
  return JSON.stringify(s);
}

class SimpleMatcher implements ValueMatcher {
  readonly description: string;
  readonly exact: string;
  readonly finite: readonly string[];
  readonly finiteCount = 1;
  constructor(readonly literal: string) {
    this.description = quote(literal);
    this.exact = literal;
    this.finite = [literal];
  }
  matches(v: ScalarValue): boolean {
    return literalMatches(this.literal, v);
  }
  matchesString(text: string): boolean {
    return text === this.literal;
  }
}

type BoundKind = 'minInclusive' | 'maxInclusive' | 'minExclusive' | 'maxExclusive';
const BOUND_SYMBOL: Record<BoundKind, string> = {
  minInclusive: '≥',
  maxInclusive: '≤',
  minExclusive: '>',
  maxExclusive: '<',
};

/** Below this many values an enumeration is scanned with literalMatches; from it on, looked up. */
const HASHED_FROM = 8;
/**
 * String look-ups in a long enumeration answered by a search (of the code list's text, or of the
 * list) before it is indexed: most specifications of a pack check a handful of elements, and an
 * index of 1,500 values costs as much as a few dozen searches (issue 22).
 */
const SEARCHES_BEFORE_INDEX = 16;

/**
 * An enumeration (a code list) as look-ups, with the same answers as comparing each literal with
 * `literalMatches`: strings by exact text in a hash set, booleans and integers by value, reals
 * within the IDS tolerance by binary search in the sorted literal values (issue 22: lists of 1,500
 * values cost no more than lists of 10). The typed part is built at the first value that is not a
 * string (a code list of text codes never needs it).
 */
class EnumerationIndex {
  private readonly strings: ReadonlySet<string>;
  private typed: TypedLiterals | null = null;

  constructor(private readonly literals: readonly string[]) {
    this.strings = new Set(literals);
  }

  has(v: ScalarValue): boolean {
    const x = v.value;
    if (typeof x === 'string') return this.strings.has(x);
    this.typed ??= new TypedLiterals(this.literals);
    if (typeof x === 'boolean') return this.typed.booleans.has(x);
    if (!v.isReal) return this.typed.integers.has(x);
    return this.typed.hasReal(x);
  }
}

/** The literals of an enumeration read as booleans, integers and reals. */
class TypedLiterals {
  readonly booleans: ReadonlySet<boolean>;
  readonly integers: ReadonlySet<number>;
  /** Every finite literal that parses as an xs:double, ascending. */
  private readonly reals: Float64Array;
  /** INF and -INF literals: their tolerance band is unbounded, so they are compared with every value. */
  private readonly infinities: readonly number[];

  constructor(literals: readonly string[]) {
    const booleans = new Set<boolean>();
    const integers = new Set<number>();
    const reals: number[] = [];
    const infinities: number[] = [];
    for (const literal of literals) {
      const b = parseBoolean(literal);
      if (b !== undefined) booleans.add(b);
      if (isIntegerLiteral(literal)) integers.add(Number(literal));
      const n = parseDouble(literal);
      if (Number.isFinite(n)) reals.push(n);
      else if (!Number.isNaN(n)) infinities.push(n);
    }
    this.infinities = infinities;
    this.booleans = booleans;
    this.integers = integers;
    this.reals = Float64Array.from(reals).sort();
  }

  /** Whether some literal n has realEquals(x, n). */
  hasReal(x: number): boolean {
    for (const n of this.infinities) if (realEquals(x, n)) return true;
    const reals = this.reals;
    if (!Number.isFinite(x)) {
      for (let i = 0; i < reals.length; i++) if (realEquals(x, reals[i] as number)) return true;
      return false;
    }
    // NaN literals equal nothing and are left out. For finite n,
    // realEquals(x, n) needs |x − n| ≤ (|n|·1e-6 + 1e-6)(1 + 1e-9), so |x − n| < (|x| + 1)·1e-5:
    // every such n lies in this window (ten times wider than needed); each is then compared exactly.
    const window = (Math.abs(x) + 1) * 1e-5;
    let lo = 0;
    let hi = reals.length;
    const from = x - window;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((reals[mid] as number) < from) lo = mid + 1;
      else hi = mid;
    }
    const to = x + window;
    for (let i = lo; i < reals.length && (reals[i] as number) <= to; i++) {
      if (realEquals(x, reals[i] as number)) return true;
    }
    return false;
  }
}

/**
 * A long enumeration's look-ups: strings first by search (`includes` of the list, or of the code
 * list's text), then, after SEARCHES_BEFORE_INDEX of them or at the first typed value, by an index.
 * One per distinct code list text, shared by every specification using it.
 */
class EnumerationLookup {
  private index: EnumerationIndex | null = null;
  private searches = 0;

  constructor(
    private readonly literals: () => readonly string[],
    private readonly search: (text: string) => boolean,
  ) {}

  has(v: ScalarValue): boolean {
    if (this.index === null && typeof v.value === 'string' && this.searches < SEARCHES_BEFORE_INDEX) {
      this.searches++;
      return this.search(v.value);
    }
    this.index ??= new EnumerationIndex(this.literals());
    return this.index.has(v);
  }
}

/** Per thread, the look-up of each code list text (weakly: it goes with the documents using it). */
const lookupsByCodeList = new WeakMap<CodeListText, EnumerationLookup>();

function enumerationLookup(r: RestrictionValue): EnumerationLookup {
  const list = codeListOf(r);
  if (list === null) {
    const literals = r.enumeration;
    return new EnumerationLookup(
      () => literals,
      (text) => literals.includes(text),
    );
  }
  let lookup = lookupsByCodeList.get(list);
  if (lookup === undefined) {
    lookup = new EnumerationLookup(
      () => r.enumeration,
      (text) => codeListIncludes(list, text),
    );
    lookupsByCodeList.set(list, lookup);
  }
  return lookup;
}

/** How many values an enumeration has, without making them strings. */
export function enumerationCount(r: RestrictionValue): number {
  return codeListOf(r)?.count ?? r.enumeration.length;
}

/** The first few values, without making the others strings. */
export function firstValues(r: RestrictionValue, n: number): readonly string[] {
  const list = codeListOf(r);
  return list === null ? r.enumeration.slice(0, n) : codeListValues(list, n);
}

class RestrictionMatcher implements ValueMatcher {
  readonly description: string;
  readonly exact: string | null = null;
  readonly finiteCount: number | null;
  private readonly restriction: RestrictionValue;
  /** Short enumerations, compared literal by literal. */
  private readonly enumeration: readonly string[];
  /** Long ones, looked up. */
  private readonly enumerationLookup: EnumerationLookup | null;
  private readonly patterns: readonly XsdPattern[];
  private readonly bounds: readonly { kind: BoundKind; value: number }[];
  private readonly minLength: number;
  private readonly maxLength: number;
  private readonly hasLength: boolean;
  /** A bound or length literal that is not a number: such a restriction never matches. */
  private readonly broken: boolean;

  constructor(r: RestrictionValue) {
    let broken = false;
    this.restriction = r;
    const count = enumerationCount(r);
    const long = count >= HASHED_FROM;
    this.enumeration = long ? [] : r.enumeration;
    this.enumerationLookup = long ? enumerationLookup(r) : null;
    const patterns: XsdPattern[] = [];
    for (const p of r.patterns) {
      try {
        patterns.push(compileXsdPattern(p));
      } catch (err) {
        if (!(err instanceof XsdPatternError)) throw err;
        broken = true;
      }
    }
    this.patterns = patterns;
    const bounds: { kind: BoundKind; value: number }[] = [];
    for (const kind of ['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const) {
      const raw = r[kind];
      if (raw === undefined) continue;
      const value = parseDouble(raw.trim());
      if (Number.isNaN(value)) broken = true;
      bounds.push({ kind, value });
    }
    this.bounds = bounds;
    const len = (raw: string | undefined): number | undefined => {
      if (raw === undefined) return undefined;
      if (!/^\s*\d+\s*$/.test(raw)) {
        broken = true;
        return undefined;
      }
      return Number(raw);
    };
    const exact = len(r.length);
    const min = len(r.minLength);
    const max = len(r.maxLength);
    this.hasLength = exact !== undefined || min !== undefined || max !== undefined;
    this.minLength = Math.max(exact ?? 0, min ?? 0);
    this.maxLength = Math.min(exact ?? Number.POSITIVE_INFINITY, max ?? Number.POSITIVE_INFINITY);
    this.broken = broken;
    const onlyEnumeration = count > 0 && r.patterns.length === 0 && bounds.length === 0 && !this.hasLength;
    this.finiteCount = onlyEnumeration ? count : null;

    const parts: string[] = [];
    if (count === 1) parts.push(quote(firstValues(r, 1)[0] as string));
    else if (count > 1) {
      // Long pick lists stay readable in messages: folded as every screen folds them (issue 35).
      const shown = firstValues(r, FOLDED_SHOWN).map(quote).join(', ');
      const more = count - FOLDED_SHOWN;
      parts.push(`one of ${shown}${more > 0 ? ` +${more} more` : ''}`);
    }
    if (r.patterns.length > 0) parts.push(`matching pattern ${r.patterns.join(' or ')}`);
    for (const b of bounds) parts.push(`${BOUND_SYMBOL[b.kind]} ${r[b.kind]}`);
    if (exact !== undefined) parts.push(`of length ${exact}`);
    if (min !== undefined && max !== undefined) parts.push(`of length ${min} to ${max}`);
    else if (min !== undefined) parts.push(`of length at least ${min}`);
    else if (max !== undefined) parts.push(`of length at most ${max}`);
    this.description = parts.length > 0 ? parts.join(' and ') : 'any value';
  }

  /** Every value of a pure enumeration, made strings only when asked for (index keys, class names). */
  get finite(): readonly string[] | null {
    return this.finiteCount === null ? null : this.restriction.enumeration;
  }

  matches(v: ScalarValue): boolean {
    if (this.broken) return false;
    const x = v.value;
    if (this.enumerationLookup !== null) {
      if (!this.enumerationLookup.has(v)) return false;
    } else if (this.enumeration.length > 0) {
      let any = false;
      for (const literal of this.enumeration) {
        if (literalMatches(literal, v)) {
          any = true;
          break;
        }
      }
      if (!any) return false;
    }
    if (this.patterns.length > 0) {
      if (typeof x !== 'string') return false;
      let any = false;
      for (const re of this.patterns) {
        if (re.test(x)) {
          any = true;
          break;
        }
      }
      if (!any) return false;
    }
    if (this.bounds.length > 0) {
      if (typeof x !== 'number') return false;
      for (const b of this.bounds) if (!withinBound(x, b.value, b.kind)) return false;
    }
    if (this.hasLength) {
      if (typeof x !== 'string') return false;
      let n = 0;
      for (const _ of x) n++;
      if (n < this.minLength || n > this.maxLength) return false;
    }
    return true;
  }

  matchesString(text: string): boolean {
    return this.matches({ value: text, isReal: false });
  }
}

export function compileValue(value: IdsValue): ValueMatcher {
  return value.kind === 'simple' ? new SimpleMatcher(value.value) : new RestrictionMatcher(value);
}
