/**
 * XSD regular expressions in xs:pattern: errors where the XSD dialect refuses what other regex
 * dialects accept, and portability warnings where tools read a valid pattern differently.
 *
 * How the tools read a pattern (checked in their source):
 *  - Plumbline, libxml2/xmllint and other XSD validators: the XSD dialect (XML Schema Part 2,
 *    appendix F), implicitly anchored; `^` and `$` are ordinary characters; \d is any Unicode
 *    decimal digit (\p{Nd}); \w excludes punctuation (so `_`), separators and controls.
 *  - IfcOpenShell's IfcTester: elementpath's translate_pattern with its defaults, which read the
 *    XPath dialect: `^`/`$` are anchors, back-references and lazy quantifiers are accepted; then
 *    Python's re (\d Unicode digits, \w Unicode letters, digits and `_`), whole-string match.
 *  - buildingSMART's IDS-Audit-tool (ids-lib, .NET): the pattern wrapped in ^…$, \d \w \i \c mapped
 *    to their XML classes, then .NET Regex: `^`/`$` anchors, lookaround, lazy quantifiers and
 *    back-references accepted.
 *  - That Open Company's IDS component (@thatopen/components 3.4): JavaScript `new RegExp(p).test(v)`:
 *    not anchored at all, \d is [0-9], \w is [A-Za-z0-9_], and everything JavaScript accepts.
 */
import type { RestrictionValue } from '../../document';
import { compileXsdPattern, XsdPatternError } from '../../restriction/xsd-regex';
import type { FixSpec, LintContext } from '../context';
import type { TextIndex } from '../text-index';
import { type Literal, patternsOf, replaceLiteral } from '../values';

interface Token {
  /** The token's text: one character, an escape (`\d`, `\p{L}`), or `[`/`]` of a class. */
  readonly text: string;
  readonly index: number;
  readonly inClass: boolean;
}

/** Splits a pattern into characters and escapes, knowing which are inside a character class. */
export function tokens(pattern: string): Token[] {
  const out: Token[] = [];
  let depth = 0;
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i] as string;
    if (c === '\\') {
      let end = i + 2;
      if ((pattern[i + 1] === 'p' || pattern[i + 1] === 'P') && pattern[i + 2] === '{') {
        const close = pattern.indexOf('}', i);
        end = close < 0 ? pattern.length : close + 1;
      }
      out.push({ text: pattern.slice(i, end), index: i, inClass: depth > 0 });
      i = end;
      continue;
    }
    if (c === '[') depth++;
    out.push({ text: c, index: i, inClass: depth > 0 });
    if (c === ']' && depth > 0) depth--;
    i++;
  }
  return out;
}

const QUANTIFIER_END = new Set(['*', '+', '?', '}']);

interface Findings {
  readonly lookaround: boolean;
  readonly groupExtension: boolean;
  readonly lazy: boolean;
  readonly backreference: boolean;
  readonly anchors: boolean;
  readonly digit: boolean;
  readonly word: boolean;
}

function scan(pattern: string): Findings {
  const ts = tokens(pattern);
  let lookaround = false;
  let groupExtension = false;
  let lazy = false;
  let backreference = false;
  let anchors = false;
  let digit = false;
  let word = false;
  ts.forEach((t, k) => {
    const next = ts[k + 1]?.text;
    if (t.text === '\\d' || t.text === '\\D') digit = true;
    if (t.text === '\\w' || t.text === '\\W') word = true;
    if (t.inClass) return;
    if (t.text === '(' && next === '?') {
      const third = ts[k + 2]?.text;
      const fourth = ts[k + 3]?.text;
      if (third === '=' || third === '!' || (third === '<' && (fourth === '=' || fourth === '!')))
        lookaround = true;
      else groupExtension = true;
    }
    if (/^\\[1-9]$/.test(t.text)) backreference = true;
    if (t.text === '^' || t.text === '$') anchors = true;
    const previous = ts[k - 1];
    if (t.text === '?' && previous && !previous.inClass && QUANTIFIER_END.has(previous.text) && k >= 2) {
      // `x*?`, `x+?`, `x??`, `x{2}?`: a lazy quantifier (a `(` before the `?` is a group extension).
      if (ts[k - 2]?.text !== '\\') lazy = true;
    }
  });
  return { lookaround, groupExtension, lazy, backreference, anchors, digit, word };
}

/** The pattern without a leading `^` and a trailing `$` (unescaped), or null when others remain. */
function withoutAnchors(pattern: string): string | null {
  const ts = tokens(pattern).filter((t) => !t.inClass && (t.text === '^' || t.text === '$'));
  let start = 0;
  let end = pattern.length;
  for (const t of ts) {
    if (t.text === '^' && t.index === 0) start = 1;
    else if (t.text === '$' && t.index === pattern.length - 1) end = pattern.length - 1;
    else return null;
  }
  return pattern.slice(start, end);
}

/** `\d` as `[0-9]` (or `0-9` inside a class), `\D` as `[^0-9]`; null when a `\D` is inside a class. */
function withAsciiDigits(pattern: string): string | null {
  let out = '';
  for (const t of tokens(pattern)) {
    if (t.text === '\\d') out += t.inClass ? '0-9' : '[0-9]';
    else if (t.text === '\\D') {
      if (t.inClass) return null;
      out += '[^0-9]';
    } else out += t.text;
  }
  return out;
}

/** Lazy quantifiers made greedy (the same strings match a whole-string pattern). */
function withoutLazy(pattern: string): string {
  const ts = tokens(pattern);
  return ts
    .filter((t, k) => {
      const previous = ts[k - 1];
      return !(
        t.text === '?' &&
        !t.inClass &&
        previous &&
        !previous.inClass &&
        QUANTIFIER_END.has(previous.text) &&
        k >= 2
      );
    })
    .map((t) => t.text)
    .join('');
}

/** `(?:` groups as plain groups. */
function withPlainGroups(pattern: string): string {
  return pattern.replace(/\(\?:/g, '(');
}

function rewrite(literal: Literal, title: string, pattern: string | null): (t: TextIndex) => FixSpec[] {
  return (text) => {
    if (pattern === null) return [];
    const edit = replaceLiteral(text, literal, pattern);
    return edit ? [{ messageId: title, params: { pattern }, safe: true, edits: [edit] }] : [];
  };
}

/** Checks each xs:pattern of a restriction. */
export function checkPatterns(ctx: LintContext, value: RestrictionValue, what: string): void {
  for (const literal of patternsOf(ctx, value)) {
    const pattern = literal.value;
    const at = { at: literal.el, part: literal.part };
    const found = scan(pattern);
    let specific = false;
    if (found.lookaround) {
      specific = true;
      ctx.report({ rule: 'pattern-lookaround', ...at, params: { what, pattern } });
    }
    if (found.lazy) {
      specific = true;
      ctx.report({
        rule: 'pattern-lazy-quantifier',
        ...at,
        params: { what, pattern },
        fixes: rewrite(literal, 'lint.fix.pattern-rewrite', withoutLazy(pattern)),
      });
    }
    if (found.backreference) {
      specific = true;
      ctx.report({ rule: 'pattern-backreference', ...at, params: { what, pattern } });
    }
    if (found.groupExtension && !found.lookaround) {
      specific = true;
      ctx.report({
        rule: 'pattern-invalid',
        ...at,
        messageId: 'lint.pattern-invalid.group-extension',
        params: { what, pattern },
        fixes: rewrite(literal, 'lint.fix.pattern-rewrite', withPlainGroups(pattern)),
      });
    }
    if (!specific) {
      try {
        compileXsdPattern(pattern);
      } catch (err) {
        if (!(err instanceof XsdPatternError)) throw err;
        ctx.report({
          rule: 'pattern-invalid',
          ...at,
          params: { what, pattern, reason: err.message.replace(/^invalid XSD pattern "[^"]*": /, '') },
        });
        continue;
      }
    }
    if (found.anchors)
      ctx.report({
        rule: 'pattern-anchor',
        ...at,
        params: { what, pattern },
        fixes: rewrite(literal, 'lint.fix.pattern-rewrite', withoutAnchors(pattern)),
      });
    if (found.digit)
      ctx.report({
        rule: 'pattern-unicode-digit',
        ...at,
        params: { what, pattern },
        fixes: rewrite(literal, 'lint.fix.pattern-rewrite', withAsciiDigits(pattern)),
      });
    if (found.word) ctx.report({ rule: 'pattern-word-class', ...at, params: { what, pattern } });
  }
}
