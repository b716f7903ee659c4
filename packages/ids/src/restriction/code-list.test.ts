/**
 * Specifications sent to a check thread (parallel-check.ts) come back the same after a structured
 * clone: every value, the code lists read from the text as their strings, and one object per
 * distinct code list (a pack's repeated list is sent and indexed once).
 */
import { describe, expect, it } from 'vitest';
import type { PropertyFacet, RestrictionValue, Specification } from '../document';
import { parseIds } from '../parse-ids';
import { entity, ids, spec, sv } from '../testing/ids-xml';
import { codeListIncludes } from '../xml/code-list-text';
import {
  codeListOf,
  portableSpecifications,
  SharedCodeListText,
  specificationsFromPortable,
} from './code-list';

const list = (values: readonly string[]) =>
  `<xs:restriction base="xs:string">${values.map((v) => `\n  <xs:enumeration value="${v}"/>`).join('')}\n</xs:restriction>`;
const requirement = (values: readonly string[]) =>
  `<property cardinality="optional"><propertySet>${sv('Pset_DoorCommon')}</propertySet><baseName>${sv('Reference')}</baseName><value>${list(values)}</value></property>`;

describe('specifications for a check thread', () => {
  // Non-ASCII values: the shared buffer is UTF-8, so byte and string offsets differ.
  const codes = Array.from({ length: 200 }, (_, i) => (i % 7 === 0 ? `Tür-${i}` : `D-${i}`));
  const document = parseIds(
    ids(
      spec({ name: 'A', applicability: entity('IFCDOOR'), requirements: requirement(codes) }),
      spec({ name: 'B', applicability: entity('IFCWINDOW'), requirements: requirement(codes) }),
      spec({ name: 'C', applicability: entity('IFCWALL'), requirements: requirement(['x', 'y &amp; z']) }),
      spec({ name: 'D', applicability: `<entity><name>${list(['IFCDOOR', 'IFCWALL'])}</name></entity>` }),
      spec({ name: 'E', applicability: entity('IFCSLAB'), requirements: requirement(['€ 1', 'x', 'ü']) }),
    ),
  );
  const restrictionAt = (specifications: typeof document.specifications, i: number) =>
    ((specifications[i] as Specification).requirements[0] as PropertyFacet).value as RestrictionValue;

  it('come back equal after a structured clone, with one object per distinct code list', () => {
    expect(document.problems).toEqual([]);
    // A and B share one list object; C's list needs decoding, so it is an array of strings.
    expect(codeListOf(restrictionAt(document.specifications, 0))).not.toBeNull();
    expect(codeListOf(restrictionAt(document.specifications, 0))).toBe(
      codeListOf(restrictionAt(document.specifications, 1)),
    );
    expect(codeListOf(restrictionAt(document.specifications, 2))).toBeNull();
    const back = specificationsFromPortable(structuredClone(portableSpecifications(document.specifications)));
    expect(back).toEqual(document.specifications);
    expect(restrictionAt(back, 0).enumeration).toEqual(codes);
    expect(codeListOf(restrictionAt(back, 0))).not.toBeNull();
    expect(codeListOf(restrictionAt(back, 0))).toBe(codeListOf(restrictionAt(back, 1)));
    expect(restrictionAt(back, 2).enumeration).toEqual(['x', 'y & z']);
    expect(restrictionAt(back, 4).enumeration).toEqual(['€ 1', 'x', 'ü']);
  });

  it('keep the order of each value’s fields', () => {
    const back = specificationsFromPortable(structuredClone(portableSpecifications(document.specifications)));
    expect(JSON.stringify(back)).toBe(JSON.stringify(document.specifications));
  });

  it('search a thread’s shared list in its bytes with the answers of a search of the text', () => {
    const original = codeListOf(restrictionAt(document.specifications, 0));
    if (original === null) throw new Error('expected a code list kept as text');
    const buffer = Buffer.from(`prefix ${original.text} suffix`, 'utf8');
    const start = Buffer.byteLength('prefix ', 'utf8');
    const shared = new SharedCodeListText(
      buffer,
      start,
      start + Buffer.byteLength(original.text),
      original.count,
    );
    // Values, near misses across value boundaries, non-ASCII, and surrogates (paired and lone).
    const probes = [
      'D-1',
      'D-19',
      'D-1 ',
      'Tür-7',
      'Tür-8',
      'Tu\u0308r-7',
      '-1',
      'D-199',
      'D-200',
      'prefix',
      'suffix',
    ];
    probes.push('\ud83d\ude00', 'D-1\ud800', '\udc00', '', 'D-1"/>\n  <xs:enumeration value="D-2');
    for (const probe of probes)
      expect([probe, codeListIncludes(shared, probe)]).toEqual([probe, codeListIncludes(original, probe)]);
    expect(probes.filter((p) => codeListIncludes(shared, p))).toEqual(['D-1', 'D-19', 'Tür-7', 'D-199']);
    // Reading the text afterwards still gives the values; searches then go through it.
    expect(shared.text).toBe(original.text);
    expect(codeListIncludes(shared, 'Tür-14')).toBe(true);
  });
});
