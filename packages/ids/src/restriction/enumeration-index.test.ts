/**
 * Long enumerations (code lists) are looked up instead of scanned (issue 22). The look-up must give
 * exactly the answer of comparing every literal with `literalMatches` (the IDS typed-value rules and
 * real tolerance), which is the reference here, on values chosen at the edges of those rules.
 */
import { describe, expect, it } from 'vitest';
import type { PropertyFacet, RestrictionValue } from '../document';
import { parseIds } from '../parse-ids';
import { entity, ids, spec } from '../testing/ids-xml';
import { codeListOf } from './code-list';
import { compileValue, literalMatches, type ScalarValue } from './matcher';

/** A seeded generator so a failure is reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIXED_LITERALS = [
  'true',
  'false',
  '1',
  '0',
  '-0',
  'INF',
  '-INF',
  'NaN',
  '42',
  '42.',
  '1.2345e3',
  '-7',
  'EI60',
  '',
  'True',
  '0.1',
  '1e-7',
  '+3',
];

function literalsFor(next: () => number, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = next();
    if (r < 0.3) out.push(String(Math.round((next() - 0.5) * 2000)));
    else if (r < 0.6) out.push(((next() - 0.5) * 1000).toPrecision(1 + Math.floor(next() * 12)));
    else if (r < 0.7) out.push((next() * 1e-5).toExponential(3));
    else if (r < 0.8) out.push(FIXED_LITERALS[Math.floor(next() * FIXED_LITERALS.length)] as string);
    else out.push(`C-${Math.floor(next() * 500)}`);
  }
  return out;
}

/** Model values near the literals: equal, within and just outside the tolerance, other types. */
function valuesFor(next: () => number, literals: readonly string[]): ScalarValue[] {
  const values: ScalarValue[] = [
    { value: true, isReal: false },
    { value: false, isReal: false },
    { value: Number.POSITIVE_INFINITY, isReal: true },
    { value: Number.NEGATIVE_INFINITY, isReal: true },
    { value: Number.NaN, isReal: true },
    { value: 0, isReal: false },
    { value: -0, isReal: true },
  ];
  for (const literal of literals) {
    values.push({ value: literal, isReal: false });
    const n = Number(literal);
    if (!Number.isFinite(n)) continue;
    const tol = Math.abs(n) * 1e-6 + 1e-6;
    for (const f of [0, 0.5, 0.999, 1, 1.001, 1.5, -0.999, -1.001, -3, 10])
      values.push({ value: n + f * tol, isReal: true });
    if (Number.isInteger(n)) {
      values.push({ value: n, isReal: false });
      values.push({ value: n + 1, isReal: false });
    }
  }
  for (let i = 0; i < 200; i++) values.push({ value: (next() - 0.5) * 2000, isReal: next() < 0.7 });
  return values;
}

describe('enumeration look-up', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('answers as a scan of every literal would (seed %i)', (seed) => {
    const next = random(seed);
    const literals = literalsFor(next, 8 + Math.floor(next() * 400));
    const matcher = compileValue({
      kind: 'restriction',
      base: 'string',
      enumeration: literals,
      patterns: [],
    });
    let agreed = 0;
    let matched = 0;
    for (const v of valuesFor(next, literals)) {
      const reference = literals.some((literal) => literalMatches(literal, v));
      expect([v, matcher.matches(v)]).toEqual([v, reference]);
      agreed++;
      if (reference) matched++;
    }
    // Both answers occur: the comparison is not of one constant.
    expect(matched).toBeGreaterThan(10);
    expect(agreed - matched).toBeGreaterThan(10);
  });

  it.each([1, 2, 3, 4])(
    'answers the same from a code list kept as text, in any order of look-ups (seed %i)',
    (seed) => {
      // The list read from plain IDS text (searched, then indexed) and the same list as an array.
      const next = random(100 + seed);
      const literals = literalsFor(next, 8 + Math.floor(next() * 1500));
      const xml = ids(
        spec({
          applicability: entity('IFCDOOR'),
          requirements: `<property><propertySet><simpleValue>P</simpleValue></propertySet><baseName><simpleValue>C</simpleValue></baseName><value><xs:restriction base="xs:string">${literals.map((l) => `\n  <xs:enumeration value="${l}"/>`).join('')}</xs:restriction></value></property>`,
        }),
      );
      const [specification] = parseIds(xml).specifications;
      const fromText = (specification?.requirements[0] as PropertyFacet | undefined)
        ?.value as RestrictionValue;
      expect(codeListOf(fromText)).not.toBeNull();
      const asText = compileValue(fromText);
      const asArray = compileValue({
        kind: 'restriction',
        base: 'string',
        enumeration: literals,
        patterns: [],
      });
      expect(asText.description).toBe(asArray.description);
      expect(asText.finiteCount).toBe(literals.length);
      // Strings first for a while (the searches), then everything shuffled.
      const values = valuesFor(next, literals);
      const strings = values.filter((v) => typeof v.value === 'string').slice(0, 40);
      const shuffled = values.map((v) => [next(), v] as const).sort((a, b) => a[0] - b[0]);
      let matched = 0;
      for (const v of [...strings, ...shuffled.map(([, v]) => v)]) {
        const reference = literals.some((literal) => literalMatches(literal, v));
        expect([v, asText.matches(v), asArray.matches(v)]).toEqual([v, reference, reference]);
        if (reference) matched++;
      }
      expect(matched).toBeGreaterThan(10);
      expect(asText.finite).toEqual(literals);
    },
  );

  it('keeps the tolerance of a literal at the edge of its band', () => {
    const literals = Array.from({ length: 20 }, (_, i) => String(i * 1000));
    const matcher = compileValue({
      kind: 'restriction',
      base: 'double',
      enumeration: literals,
      patterns: [],
    });
    expect(matcher.matches({ value: 5000 * (1 + 1e-6) + 1e-6, isReal: true })).toBe(true);
    expect(matcher.matches({ value: 5000 * (1 + 1.01e-6) + 1e-6, isReal: true })).toBe(false);
    expect(matcher.matches({ value: 5000, isReal: false })).toBe(true);
    expect(matcher.matches({ value: '5000', isReal: false })).toBe(true);
    expect(matcher.matches({ value: '5000.0', isReal: false })).toBe(false);
  });
});
