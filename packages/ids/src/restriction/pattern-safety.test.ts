/**
 * The static check that lets a pattern run on the native RegExp (issue 36): it refuses every
 * pattern that can backtrack more than linearly, the security issue's attack patterns first; and
 * what it lets through answers exactly as the linear-time engine does (compared with re2js, an
 * independent engine, on generated strings, and the two engines' Unicode tables code point by
 * code point).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { isLinearOnBacktracking, MAX_CHOICES, SHARED_CATEGORIES } from './pattern-safety';
import { compileXsdPattern, translateXsdPattern } from './xsd-regex';

const safe = (pattern: string) => isLinearOnBacktracking(translateXsdPattern(pattern));

/** Exponential or polynomial on a backtracking engine: each must stay on the linear one. */
const BACKTRACKING = [
  // The security issue's held patterns (apps/server/test/attack-cases.test.ts, scripts/attack.ts,
  // xsd-regex.test.ts) and the classic shapes.
  '(a+)+',
  '(a|aa)+',
  '(.*a){12}',
  '(a*)*',
  '(a|a)*',
  '(a?)*',
  '(a?){30}a{30}',
  '(\\w+\\s?)*',
  '(x+x+)+y',
  '(a|b|ab)*c',
  '(ab|a)(bc|c)*',
  '([a-z]+)*@',
  '(\\d+)+\\.',
  // Polynomial: two repetitions that can read the same characters.
  '[0-9]*[0-9]*',
  'a*a*b',
  '.*a.*b',
  '.*glas.*',
  '[\\S\\s]+[\\S]+',
  '\\d+\\d+x',
  '\\w+\\d+',
  '[^@]+[^.]+x',
  // Too many ways to split a run.
  `${'(a|a)'.repeat(Math.log2(MAX_CHOICES) + 1)}`,
  `${'a?'.repeat(Math.log2(MAX_CHOICES) + 1)}`,
  // A category both engines do not share a table for (only \d, \w and their parts are compared).
  '\\p{Lu}+',
];

/** Patterns real IDS files and packs write, each provably linear on a backtracking engine. */
const LINEAR = [
  '.*',
  '\\w+',
  'Foo.*',
  'IFC.*TYPE',
  '[A-Z]{2}[0-9]{2}',
  '\\i\\c*',
  '[\\i-[:]][\\c-[:]]*',
  '[\\-+]?[0-9]+',
  'NumberOfRiser(s)?',
  '(A\\s?)?(B\\s?)?(C\\s?)?',
  '(-|[0-9]{2,3})\\/(-|[0-9]{2,3})\\/(-|[0-9]{2,3})',
  '(R|E|EI|REI)(15|20|30|45|60|90|120|180|240)',
  'R?E?I?[0-9]{2,3}',
  '(REI|EI|R)[0-9]{2,3}',
  'Rw [0-9]{2} dB',
  '.{3,120}',
  '[^:]+:[^:]+:[0-9]+',
  '[0-9]{2}\\.[0-9]{3}',
  '\\d+(\\.\\d+)?',
  '\\d+-\\d+',
  '[A-Z]{2}_[0-9]{2}(_[0-9]{2})*',
  'Pset_(Column|Beam|Slab|Wall)Common',
  '[^@]+@[^\\.]+\\..+',
  'EF_[0-9]{2}(_[0-9]{2}){0,3}',
];

describe('which patterns run on the native engine', () => {
  it.each(BACKTRACKING)('%s stays on the linear-time engine', (pattern) => {
    expect(safe(pattern)).toBe(false);
    expect(compileXsdPattern(pattern).engine).toBe('linear');
  });

  it.each(LINEAR)('%s runs on the native engine', (pattern) => {
    expect(safe(pattern)).toBe(true);
    expect(compileXsdPattern(pattern).engine).toBe('native');
  });

  it('refuses what it cannot read, and patterns too long to prove', () => {
    expect(isLinearOnBacktracking('(?=a)')).toBe(false);
    expect(isLinearOnBacktracking('(a)')).toBe(false);
    expect(compileXsdPattern(`${'[0-9]'.repeat(400)}`).engine).toBe('linear');
  });

  it('answers the attack patterns correctly on the linear engine', () => {
    expect(compileXsdPattern('(a+)+').test(`${'a'.repeat(60)}!`)).toBe(false);
    expect(compileXsdPattern('(a+)+').test('a'.repeat(60))).toBe(true);
    expect(compileXsdPattern('(a|aa)+').test('a'.repeat(10_000))).toBe(true);
    expect(compileXsdPattern('(.*a){12}').test(`${'a'.repeat(40)}b`)).toBe(false);
  });
});

/** Seeded strings near what a pattern reads: its own characters, digits, separators, non-ASCII. */
function* strings(seed: number, alphabet: readonly string[], count: number): Generator<string> {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = 0; i < count; i++) {
    const length = Math.floor(next() * 14);
    let s = '';
    for (let k = 0; k < length; k++) s += alphabet[Math.floor(next() * alphabet.length)];
    yield s;
  }
}

const COMMON = [
  'a',
  'A',
  'Z',
  '0',
  '5',
  '9',
  '-',
  '_',
  '.',
  ':',
  '/',
  ' ',
  '\t',
  '\n',
  '@',
  'é',
  '٣',
  '€',
  '😀',
  '\u00a0',
];

/**
 * Every pattern of the shared conformance cases and examples (../shared beside the repository, or
 * the folder above $PLUMBLINE_IDS_TESTCASES), when they are there.
 */
function sharedPatterns(): string[] {
  const cases = process.env.PLUMBLINE_IDS_TESTCASES;
  const shared = cases ? resolve(cases, '..') : resolve(import.meta.dirname, '../../../../../shared');
  const out = new Set<string>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ids'))
        for (const m of readFileSync(path, 'utf8').matchAll(/pattern value="([^"]*)"/g))
          out.add(
            (m[1] as string).replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&quot;', '"'),
          );
    }
  };
  walk(join(shared, 'ids-testcases'));
  walk(join(shared, 'ids-examples'));
  return [...out];
}

describe('the native engine answers as the linear-time engine does', () => {
  const patterns = [...LINEAR, ...sharedPatterns()];

  it.each(patterns)('%s', (pattern) => {
    let compiled: ReturnType<typeof compileXsdPattern>;
    try {
      compiled = compileXsdPattern(pattern);
    } catch {
      return; // a pattern neither engine runs (an invalid case of the suite)
    }
    // Expected from re2js directly, on the RE2 translation: not through the code under test.
    const reference = RE2JS.compile(`^(?:${translateXsdPattern(pattern)})$`);
    const own = [...new Set(Array.from(pattern).filter((c) => !'\\[](){}?*+|^$'.includes(c)))];
    const alphabet = [...COMMON, ...own, '\ud800'];
    let compared = 0;
    let matched = 0;
    for (const s of strings(pattern.length * 7919, alphabet, 3000)) {
      const expected = reference.matches(s);
      expect(compiled.test(s), JSON.stringify(s)).toBe(expected);
      compared++;
      if (expected) matched++;
    }
    expect(compared).toBe(3000);
    // Not only misses: where the pattern can match short strings of these characters, some do.
    if (/^(\.\*|\\w\+|Foo\.\*|\.\{3,120\})$/.test(pattern)) expect(matched).toBeGreaterThan(0);
  });
});

describe('the Unicode categories both engines must share', () => {
  const all = (() => {
    const parts: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++)
      if (cp < 0xd800 || cp > 0xdfff) parts.push(String.fromCodePoint(cp));
    return parts.join('');
  })();

  it.each(SHARED_CATEGORIES)('\\p{%s} holds the same code points in re2js and the native engine', (name) => {
    const linear = RE2JS.compile(`\\P{${name}}+`).matcher(all).replaceAll('');
    const native = all.replace(new RegExp(`\\P{${name}}+`, 'gu'), '');
    expect(native.length).toBeGreaterThan(0);
    expect(linear === native).toBe(true);
  });
});
