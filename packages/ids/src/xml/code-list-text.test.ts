/**
 * A code list kept as text answers as the list of its values would: the values read back are the
 * ones written (and the saxes reader's, in parse-ids-readers.test.ts), and a search of the text
 * finds exactly those values — also for strings made of the text between them.
 */
import { describe, expect, it } from 'vitest';
import { type CodeListText, codeListIncludes, codeListValues } from './code-list-text';
import { readPlainXml } from './plain-xml';
import type { XmlElement } from './xml-element';

const LIMITS = { maxDepth: 64, maxElements: 5_000_000, enumerationValues: true };

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Characters a plain value may hold, the awkward ones often: quotes of the other kind, `>`, `/`, `=`. */
const ALPHABET = ['a', 'B', '7', ' ', "'", '>', '/', '=', '-', 'value', 'enumeration', 'xs:', 'é', '€'];

function valueFrom(next: () => number): string {
  let v = '';
  const n = Math.floor(next() * 6);
  for (let i = 0; i < n; i++) v += ALPHABET[Math.floor(next() * ALPHABET.length)];
  return v;
}

/** The restriction's code list as the fast reader keeps it, from values written with `separator`. */
function codeListOfValues(values: readonly string[], separator: string, prefix = 'xs'): CodeListText {
  const name = prefix === '' ? 'enumeration' : `${prefix}:enumeration`;
  const ns = prefix === '' ? 'xmlns' : `xmlns:${prefix}`;
  const text =
    `<r ${ns}="http://www.w3.org/2001/XMLSchema"><${prefix === '' ? '' : `${prefix}:`}restriction base="string">${separator}` +
    values.map((v) => `<${name} value="${v}"/>`).join(separator) +
    `${separator}</${prefix === '' ? '' : `${prefix}:`}restriction></r>`;
  const root = readPlainXml(text, LIMITS) as XmlElement;
  const restriction = root.children[0] as XmlElement;
  expect(restriction.enumerationValues).toBeUndefined();
  return restriction.codeList as CodeListText;
}

describe('code list text', () => {
  it.each([1, 2, 3, 4])('gives back the values written and finds exactly them (seed %i)', (seed) => {
    const next = random(seed);
    const values = Array.from({ length: 1 + Math.floor(next() * 300) }, () => valueFrom(next));
    const separator = ['', '\n', '\r\n    ', ' \t '][seed % 4] as string;
    const list = codeListOfValues(values, separator, seed === 3 ? '' : seed === 4 ? 'x.s-1' : 'xs');
    expect(list.count).toBe(values.length);
    expect(codeListValues(list)).toEqual(values);
    expect(codeListValues(list, 3)).toEqual(values.slice(0, 3));
    // Probes: every value, strings near them, and the text between two values.
    const probes = new Set<string>(['', '"', '<', '/>', '"/>', ' value=', `"${values[0]}"`]);
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as string;
      probes.add(v);
      probes.add(`${v} `);
      probes.add(v.slice(1));
      probes.add(`${v}"/>${separator}<xs:enumeration value="${values[i + 1] ?? ''}`);
      probes.add(`${v}"/>`);
    }
    for (let i = 0; i < 200; i++) probes.add(valueFrom(next));
    let found = 0;
    for (const probe of probes) {
      const expected = values.includes(probe);
      expect([probe, codeListIncludes(list, probe)]).toEqual([probe, expected]);
      if (expected) found++;
    }
    expect(found).toBeGreaterThan(0);
    expect(probes.size - found).toBeGreaterThan(100);
  });

  it('is not used for values that need decoding or normalising, or another form', () => {
    const root = readPlainXml(
      '<r xmlns:xs="http://www.w3.org/2001/XMLSchema">' +
        '<xs:restriction><xs:enumeration value="a"/><xs:enumeration value="b &amp; c"/></xs:restriction>' +
        '<xs:restriction><xs:enumeration value="a"/><!-- c --><xs:enumeration value="b"/></xs:restriction>' +
        '<xs:restriction><xs:enumeration value=\'a\'/><xs:enumeration value="b"/></xs:restriction>' +
        '<xs:restriction><xs:enumeration value="a\tb"/></xs:restriction>' +
        '</r>',
      LIMITS,
    ) as XmlElement;
    // Each restriction's values as strings, in document order (the run, then the ones read one by one).
    expect(root.children.map((r) => [r.codeList, r.enumerationValues])).toEqual([
      [undefined, ['a', 'b & c']],
      [undefined, ['a', 'b']],
      [undefined, ['a', 'b']],
      [undefined, ['a b']],
    ]);
  });
});
