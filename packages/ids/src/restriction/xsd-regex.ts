/**
 * XSD regular expressions (XML Schema Part 2, appendix F) translated to RE2 syntax and run on re2js,
 * a linear-time engine: no pattern from an IDS file can make a check backtrack for ever (issue 16:
 * `(a+)+` against 35 characters took 157 s on a backtracking RegExp). A pattern that provably
 * cannot backtrack more than linearly (restriction/pattern-safety.ts) runs on the native RegExp,
 * about ten times faster, with the same answers (issue 36).
 *
 * Differences handled: patterns are implicitly anchored; `^` and `$` are ordinary characters;
 * `.` excludes only \n and \r; \d \w \s \i \c and their negations have XSD meanings; \p{IsBlock}
 * names Unicode blocks; character class subtraction `[a-z-[aeiou]]`. Compiled patterns are cached.
 * Over 500 lines: one translator, its character-class tables and the compiled-pattern cache.
 */

import { RE2JS } from 're2js';
import { isLinearOnBacktracking, nativeSource } from './pattern-safety';

export class XsdPatternError extends Error {
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(`invalid XSD pattern "${pattern}": ${reason}`);
    this.name = 'XsdPatternError';
  }
}

type Range = readonly [number, number];

const MAX = 0x10ffff;
const SPACE: Range[] = [
  [0x09, 0x0a],
  [0x0d, 0x0d],
  [0x20, 0x20],
];
const NAME_START: Range[] = [
  [0x3a, 0x3a],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x2ff],
  [0x370, 0x37d],
  [0x37f, 0x1fff],
  [0x200c, 0x200d],
  [0x2070, 0x218f],
  [0x2c00, 0x2fef],
  [0x3001, 0xd7ff],
  [0xf900, 0xfdcf],
  [0xfdf0, 0xfffd],
  [0x10000, 0xeffff],
];
const NAME_CHAR: Range[] = normalise([
  ...NAME_START,
  [0x2d, 0x2e],
  [0x30, 0x39],
  [0xb7, 0xb7],
  [0x300, 0x36f],
  [0x203f, 0x2040],
]);

/** A few Unicode blocks by their XSD names (\p{IsBasicLatin}); others are reported as unsupported. */
const BLOCKS: Record<string, Range> = {
  BasicLatin: [0x0000, 0x007f],
  'Latin-1Supplement': [0x0080, 0x00ff],
  'LatinExtended-A': [0x0100, 0x017f],
  'LatinExtended-B': [0x0180, 0x024f],
  IPAExtensions: [0x0250, 0x02af],
  Greek: [0x0370, 0x03ff],
  GreekandCoptic: [0x0370, 0x03ff],
  Cyrillic: [0x0400, 0x04ff],
  Armenian: [0x0530, 0x058f],
  Hebrew: [0x0590, 0x05ff],
  Arabic: [0x0600, 0x06ff],
  Thai: [0x0e00, 0x0e7f],
  LatinExtendedAdditional: [0x1e00, 0x1eff],
  GreekExtended: [0x1f00, 0x1fff],
  GeneralPunctuation: [0x2000, 0x206f],
  CurrencySymbols: [0x20a0, 0x20cf],
  LetterlikeSymbols: [0x2100, 0x214f],
  NumberForms: [0x2150, 0x218f],
  Arrows: [0x2190, 0x21ff],
  MathematicalOperators: [0x2200, 0x22ff],
  Hiragana: [0x3040, 0x309f],
  Katakana: [0x30a0, 0x30ff],
  CJKUnifiedIdeographs: [0x4e00, 0x9fff],
  HangulSyllables: [0xac00, 0xd7af],
};

const CATEGORIES = new Set([
  'L',
  'Lu',
  'Ll',
  'Lt',
  'Lm',
  'Lo',
  'M',
  'Mn',
  'Mc',
  'Me',
  'N',
  'Nd',
  'Nl',
  'No',
  'P',
  'Pc',
  'Pd',
  'Ps',
  'Pe',
  'Pi',
  'Pf',
  'Po',
  'Z',
  'Zs',
  'Zl',
  'Zp',
  'S',
  'Sm',
  'Sc',
  'Sk',
  'So',
  'C',
  'Cc',
  'Cf',
  'Co',
  'Cn',
]);

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

function complement(ranges: Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of normalise(ranges)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

function escapeCodePoint(cp: number): string {
  return `\\x{${cp.toString(16)}}`;
}

function intersect(a: Range[], b: Range[]): Range[] {
  const out: Range[] = [];
  const x = normalise(a);
  const y = normalise(b);
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const [alo, ahi] = x[i] as Range;
    const [blo, bhi] = y[j] as Range;
    const lo = Math.max(alo, blo);
    const hi = Math.min(ahi, bhi);
    if (lo <= hi) out.push([lo, hi]);
    if (ahi < bhi) i++;
    else j++;
  }
  return out;
}

function rangesToClassBody(ranges: Range[]): string {
  return ranges
    .map(([lo, hi]) => (lo === hi ? escapeCodePoint(lo) : `${escapeCodePoint(lo)}-${escapeCodePoint(hi)}`))
    .join('');
}

/** One character-set item: JS text usable inside `[...]` (u flag). */
type ClassItem = string;

/**
 * Deepest nesting of groups and class subtractions translated. The translator recurses per level,
 * so an IDS with `((((…` must be refused before the call stack runs out; real patterns nest a few.
 */
export const MAX_PATTERN_NESTING = 100;

class Translator {
  private pos = 0;
  private depth = 0;
  private readonly chars: string[];

  constructor(private readonly pattern: string) {
    this.chars = Array.from(pattern);
  }

  fail(reason: string): never {
    throw new XsdPatternError(this.pattern, reason);
  }

  private enter(): void {
    if (++this.depth > MAX_PATTERN_NESTING)
      this.fail(`groups are nested more than ${MAX_PATTERN_NESTING} levels deep`);
  }

  peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset];
  }

  translate(): string {
    const out = this.regExp();
    if (this.pos < this.chars.length) this.fail(`unexpected "${this.peek()}"`);
    return out;
  }

  private regExp(): string {
    const branches = [this.branch()];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(this.branch());
    }
    return branches.join('|');
  }

  private branch(): string {
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined || c === '|' || c === ')') return out;
      out += this.atom();
      out += this.quantifier();
    }
  }

  private quantifier(): string {
    const c = this.peek();
    if (c === '?' || c === '*' || c === '+') {
      this.pos++;
      return c;
    }
    if (c !== '{') return '';
    let text = '';
    this.pos++;
    while (this.peek() !== undefined && this.peek() !== '}') text += this.chars[this.pos++];
    if (this.peek() !== '}') this.fail('unterminated quantifier');
    this.pos++;
    if (!/^\d+(,\d*)?$/.test(text)) this.fail(`bad quantifier {${text}}`);
    const [min, max] = text.split(',');
    if (max !== undefined && max !== '' && Number(max) < Number(min)) this.fail(`bad quantifier {${text}}`);
    return `{${text}}`;
  }

  private atom(): string {
    const c = this.chars[this.pos++] as string;
    switch (c) {
      case '(': {
        this.enter();
        const inner = this.regExp();
        if (this.peek() !== ')') this.fail('missing ")"');
        this.pos++;
        this.depth--;
        return `(?:${inner})`;
      }
      case '[':
        return this.charClass();
      case '.':
        return '[^\\n\\r]';
      case '\\':
        return this.escapeOutside();
      case '^':
      case '$':
        return `\\${c}`;
      case '?':
      case '*':
      case '+':
      case '{':
      case '}':
      case ']':
        return this.fail(`"${c}" must be escaped`);
      default:
        return /[/]/.test(c) ? `\\${c}` : c;
    }
  }

  /** Escape outside a class: single-char escapes or a whole class. */
  private escapeOutside(): string {
    const item = this.escape();
    return item.single ? item.text : `[${item.text}]`;
  }

  /** Reads after a backslash. `single` marks one-character escapes (usable as range ends). */
  private escape(): { text: ClassItem; single: boolean; codePoint?: number; ranges?: Range[] } {
    const c = this.chars[this.pos++];
    if (c === undefined) this.fail('trailing backslash');
    switch (c) {
      case 'n':
        return { text: '\\n', single: true, codePoint: 10 };
      case 'r':
        return { text: '\\r', single: true, codePoint: 13 };
      case 't':
        return { text: '\\t', single: true, codePoint: 9 };
      case 'd':
        return { text: '\\p{Nd}', single: false };
      case 'D':
        return { text: '\\P{Nd}', single: false };
      case 'w':
        return { text: '\\p{L}\\p{M}\\p{N}\\p{S}', single: false };
      case 'W':
        return { text: '\\p{P}\\p{Z}\\p{C}', single: false };
      case 's':
        return { text: rangesToClassBody(SPACE), single: false, ranges: SPACE };
      case 'S':
        return { text: rangesToClassBody(complement(SPACE)), single: false, ranges: complement(SPACE) };
      case 'i':
        return { text: rangesToClassBody(NAME_START), single: false, ranges: NAME_START };
      case 'I':
        return {
          text: rangesToClassBody(complement(NAME_START)),
          single: false,
          ranges: complement(NAME_START),
        };
      case 'c':
        return { text: rangesToClassBody(NAME_CHAR), single: false, ranges: NAME_CHAR };
      case 'C':
        return {
          text: rangesToClassBody(complement(NAME_CHAR)),
          single: false,
          ranges: complement(NAME_CHAR),
        };
      case 'p':
      case 'P':
        return { text: this.property(c === 'P'), single: false };
      default:
        // XSD's single-character escapes; other punctuation (e.g. "\/", common in real IDS files) is
        // accepted as a literal, as most XSD engines do. Unknown letter escapes stay errors.
        if ('\\|.-^?*+{}()[]'.includes(c) || !/[\p{L}\p{N}]/u.test(c)) {
          const cp = c.codePointAt(0) as number;
          return { text: escapeCodePoint(cp), single: true, codePoint: cp };
        }
        return this.fail(`unknown escape "\\${c}"`);
    }
  }

  private property(negated: boolean): string {
    if (this.chars[this.pos++] !== '{') this.fail('\\p needs {name}');
    let name = '';
    while (this.peek() !== undefined && this.peek() !== '}') name += this.chars[this.pos++];
    if (this.chars[this.pos++] !== '}') this.fail('unterminated \\p{');
    if (name.startsWith('Is')) {
      const block = BLOCKS[name.slice(2)];
      if (!block) this.fail(`Unicode block ${name} is not supported`);
      return rangesToClassBody(negated ? complement([block]) : [block]);
    }
    if (!CATEGORIES.has(name)) this.fail(`unknown Unicode category ${name}`);
    return `\\${negated ? 'P' : 'p'}{${name}}`;
  }

  /** After "[": a positive or negative group, possibly with a subtraction. Returns an RE2 atom. */
  private charClass(): string {
    return this.charClassWithRanges().text;
  }

  /**
   * The class as RE2 text, and as code-point ranges when every item's ranges are known (not \d, \w
   * or \p{category}). RE2 has no lookahead, so a subtraction is computed on ranges.
   */
  private charClassWithRanges(): { text: string; ranges: Range[] | null } {
    let negated = false;
    if (this.peek() === '^') {
      negated = true;
      this.pos++;
    }
    const items: ClassItem[] = [];
    let ranges: Range[] | null = [];
    let first = true;
    let subtraction: Range[] | null | undefined;
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail('unterminated character class');
      if (c === ']' && !first) {
        this.pos++;
        break;
      }
      if (c === '-' && this.peek(1) === '[') {
        this.pos += 2;
        this.enter();
        subtraction = this.charClassWithRanges().ranges;
        this.depth--;
        if (this.peek() !== ']') this.fail('a subtraction must end the character class');
        this.pos++;
        break;
      }
      first = false;
      const start = this.classChar();
      if (
        start.codePoint !== undefined &&
        this.peek() === '-' &&
        this.peek(1) !== ']' &&
        this.peek(1) !== '['
      ) {
        this.pos++;
        const end = this.classChar();
        if (end.codePoint === undefined) this.fail('a range cannot end in a class escape');
        if (end.codePoint < start.codePoint) this.fail('range out of order');
        items.push(`${escapeCodePoint(start.codePoint)}-${escapeCodePoint(end.codePoint)}`);
        ranges?.push([start.codePoint, end.codePoint]);
      } else {
        items.push(start.text);
        if (start.codePoint !== undefined) ranges?.push([start.codePoint, start.codePoint]);
        else if (start.ranges) ranges?.push(...start.ranges);
        else ranges = null;
      }
    }
    if (items.length === 0) this.fail('empty character class');
    const own = ranges && (negated ? complement(ranges) : normalise(ranges));
    if (subtraction === undefined) return { text: `[${negated ? '^' : ''}${items.join('')}]`, ranges: own };
    if (!own || !subtraction) {
      this.fail(
        'character class subtraction with \\d, \\w or \\p{…} cannot be run by the linear-time engine',
      );
    }
    const rest = intersect(own, complement(subtraction));
    // An empty difference matches nothing: an always-failing atom.
    return {
      text: rest.length === 0 ? '[^\\x{0}-\\x{10ffff}]' : `[${rangesToClassBody(rest)}]`,
      ranges: rest,
    };
  }

  private classChar(): { text: ClassItem; codePoint?: number; ranges?: Range[] } {
    const c = this.chars[this.pos++];
    // The end of a range can be missing too ("[a-"), not only the class's first character.
    if (c === undefined) this.fail('unterminated character class');
    if (c === '\\') {
      const e = this.escape();
      if (e.codePoint !== undefined) return { text: e.text, codePoint: e.codePoint };
      return e.ranges ? { text: e.text, ranges: e.ranges } : { text: e.text };
    }
    if (c === '[') this.fail('"[" must be escaped inside a character class');
    const cp = c.codePointAt(0) as number;
    return { text: escapeCodePoint(cp), codePoint: cp };
  }
}

/** The JavaScript source equivalent to an XSD pattern (not anchored). */
export function translateXsdPattern(pattern: string): string {
  return new Translator(pattern).translate();
}

/** A compiled pattern: whole-string matching in time linear in the input. */
export interface XsdPattern {
  test(value: string): boolean;
  /** The engine it runs on: the native RegExp when proven linear on it, else the linear-time re2js. */
  readonly engine: 'native' | 'linear';
}

const cache = new Map<string, XsdPattern>();

/** Longest translation the safety proof reads (its cost grows with the square of the length). */
const MAX_PROVEN_SOURCE = 2_000;
/** A string holding a lone surrogate: left to re2js, whose reading of it the native engine need not share. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Compiles an XSD pattern, once per pattern (cached). Always for re2js, so what it refuses
 * (XsdPatternError) is what it refused before; on the native RegExp too when the pattern is proven
 * linear there, which then answers every string without a lone surrogate.
 */
export function compileXsdPattern(pattern: string): XsdPattern {
  let compiled = cache.get(pattern);
  if (!compiled) {
    const translated = translateXsdPattern(pattern);
    const source = `^(?:${translated})$`;
    let re: RE2JS;
    try {
      re = RE2JS.compile(source);
    } catch (error) {
      throw new XsdPatternError(pattern, error instanceof Error ? error.message : String(error));
    }
    const native =
      translated.length <= MAX_PROVEN_SOURCE && !LONE_SURROGATE.test(translated)
        ? nativeRegExp(translated)
        : null;
    compiled =
      native === null
        ? { test: (value) => re.matches(value), engine: 'linear' }
        : {
            test: (value) => (LONE_SURROGATE.test(value) ? re.matches(value) : native.test(value)),
            engine: 'native',
          };
    if (cache.size > 10_000) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}

function nativeRegExp(translated: string): RegExp | null {
  if (!isLinearOnBacktracking(translated)) return null;
  try {
    return new RegExp(`^(?:${nativeSource(translated)})$`, 'u');
  } catch {
    return null;
  }
}
