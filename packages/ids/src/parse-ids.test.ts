import { describe, expect, it } from 'vitest';
import { IdsParseError, parseIds } from './parse-ids';
import { entity, ids, pattern, spec, sv } from './testing/ids-xml';

describe('parseIds', () => {
  it('reads info, specifications, cardinalities and facets in order', () => {
    const doc = parseIds(
      ids(
        spec({
          name: 'Walls',
          ifcVersion: 'IFC2X3 IFC4',
          occurs: 'minOccurs="0" maxOccurs="unbounded"',
          applicability: entity('IFCWALL'),
          requirements: `<property dataType="IFCLABEL" cardinality="optional"><propertySet>${sv('Pset_WallCommon')}</propertySet><baseName>${sv('FireRating')}</baseName><value>${pattern('EI[0-9]{2,3}')}</value></property>
            <attribute cardinality="prohibited"><name>${sv('Description')}</name></attribute>`,
        }),
      ),
      { fileName: 'walls.ids' },
    );
    expect(doc.fileName).toBe('walls.ids');
    expect(doc.info.title).toBe('Test IDS');
    expect(doc.problems).toEqual([]);
    const s = doc.specifications[0];
    expect(s?.name).toBe('Walls');
    expect(s?.ifcVersions).toEqual(['IFC2X3', 'IFC4']);
    expect(s?.cardinality).toBe('optional');
    expect(s?.applicability.map((f) => f.type)).toEqual(['entity']);
    expect(s?.requirements.map((f) => [f.type, f.cardinality])).toEqual([
      ['property', 'optional'],
      ['attribute', 'prohibited'],
    ]);
    const prop = s?.requirements[0];
    expect(prop?.type === 'property' && prop.value).toEqual({
      kind: 'restriction',
      base: 'string',
      enumeration: [],
      patterns: ['EI[0-9]{2,3}'],
    });
    expect(prop?.location.line).toBeGreaterThan(1);
  });

  it('derives specification cardinality from minOccurs/maxOccurs (XSD default 1)', () => {
    const card = (occurs: string) =>
      parseIds(ids(spec({ occurs, applicability: entity('IFCWALL') }))).specifications[0]?.cardinality;
    expect(card('maxOccurs="unbounded"')).toBe('required');
    expect(card('minOccurs="0" maxOccurs="unbounded"')).toBe('optional');
    expect(card('minOccurs="0" maxOccurs="0"')).toBe('prohibited');
  });

  it('refuses DTDs (no entity expansion) with a line', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><ids>&lol2;</ids>`;
    expect(() => parseIds(bomb)).toThrow(IdsParseError);
    expect(() => parseIds(bomb)).toThrow(/DOCTYPE/);
  });

  it('refuses malformed XML, foreign roots and oversized input', () => {
    expect(() => parseIds('<ids><info>')).toThrow(IdsParseError);
    expect(() => parseIds('<html/>')).toThrow(/root element/);
    expect(() => parseIds(ids(spec({ applicability: entity('IFCWALL') })), { maxBytes: 100 })).toThrow(
      /limit/,
    );
  });

  it('accepts bytes with a BOM', () => {
    const bytes = new TextEncoder().encode(`\uFEFF${ids(spec({ applicability: entity('IFCWALL') }))}`);
    expect(parseIds(bytes).specifications).toHaveLength(1);
  });

  it('records structural problems instead of throwing', () => {
    const doc = parseIds(ids(spec({ applicability: '<attribute/>' })));
    expect(doc.problems.map((p) => p.message)).toContain('<attribute> needs a <name> element.');
  });
});
