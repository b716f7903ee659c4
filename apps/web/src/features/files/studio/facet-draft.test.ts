import type { Facet } from '@plumbline/ids/document';
import { describe, expect, it } from 'vitest';
import { draftComplete, draftOf, EMPTY_DRAFT, facetOf } from './facet-draft';

const NOWHERE = { line: 0, column: 0 };
const simple = (value: string) => ({ kind: 'simple' as const, value });

describe('the facet form draft', () => {
  it('builds an IFC class facet and reads it back', () => {
    const facet = facetOf({ ...EMPTY_DRAFT, ifcClass: 'IFCDOOR' }, 'string');
    expect(facet).toMatchObject({
      type: 'entity',
      name: { kind: 'simple', value: 'IFCDOOR' },
      predefinedType: null,
      cardinality: 'required',
    });
    expect(draftOf(facet)).toEqual({ ...EMPTY_DRAFT, ifcClass: 'IFCDOOR' });
  });

  it('writes one value as a simple value and several as an enumeration of the type base', () => {
    const draft = {
      ...EMPTY_DRAFT,
      kind: 'property' as const,
      propertySet: 'Pset_DoorCommon',
      property: 'FireRating',
      dataType: 'IFCLABEL',
    };
    expect(facetOf(draft, 'string')).toMatchObject({ value: null, dataType: 'IFCLABEL' });
    expect(facetOf({ ...draft, valueForm: 'values', values: ['EI30'] }, 'string')).toMatchObject({
      value: { kind: 'simple', value: 'EI30' },
    });
    const both = facetOf({ ...draft, valueForm: 'values', values: ['EI30', 'EI60'] }, 'string');
    expect(both).toMatchObject({
      value: { kind: 'restriction', base: 'string', enumeration: ['EI30', 'EI60'], patterns: [] },
    });
    expect(draftOf(both)).toMatchObject({ valueForm: 'values', values: ['EI30', 'EI60'] });
    // Values listed while the form says "any value" are not written.
    expect(facetOf({ ...draft, values: ['EI30'] }, 'string')).toMatchObject({ value: null });
  });

  it('writes a pattern as a restriction with one pattern and reads it back', () => {
    const draft = { ...EMPTY_DRAFT, kind: 'attribute' as const, name: 'Name', valueForm: 'pattern' as const };
    const facet = facetOf({ ...draft, pattern: 'D[0-9]{3}' }, 'string');
    expect(facet).toEqual({
      type: 'attribute',
      name: simple('Name'),
      value: { kind: 'restriction', base: 'string', enumeration: [], patterns: ['D[0-9]{3}'] },
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    });
    expect(draftOf(facet)).toMatchObject({
      kind: 'attribute',
      name: 'Name',
      valueForm: 'pattern',
      pattern: 'D[0-9]{3}',
    });
  });

  it('builds classification, material and partOf facets, keeping instructions and URI', () => {
    const classification = facetOf(
      {
        ...EMPTY_DRAFT,
        kind: 'classification',
        system: 'Uniclass 2015',
        valueForm: 'values',
        values: ['EF_25_10'],
        cardinality: 'optional',
        uri: 'https://identifier.buildingsmart.org/uri/x',
        instructions: 'Use the system of the BEP',
      },
      'string',
      'requirements',
    );
    expect(classification).toEqual({
      type: 'classification',
      system: simple('Uniclass 2015'),
      value: simple('EF_25_10'),
      uri: 'https://identifier.buildingsmart.org/uri/x',
      cardinality: 'optional',
      instructions: 'Use the system of the BEP',
      location: NOWHERE,
    });
    expect(facetOf({ ...EMPTY_DRAFT, kind: 'material' }, 'string', 'requirements')).toEqual({
      type: 'material',
      value: null,
      uri: null,
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    });
    const partOf = facetOf(
      { ...EMPTY_DRAFT, kind: 'partOf', relation: 'IFCRELAGGREGATES', ifcClass: 'IFCBUILDINGSTOREY' },
      'string',
      'requirements',
    );
    expect(partOf).toMatchObject({
      type: 'partOf',
      relation: 'IFCRELAGGREGATES',
      entity: { name: simple('IFCBUILDINGSTOREY'), predefinedType: null },
    });
    for (const facet of [classification, partOf])
      expect(facetOf(draftOf(facet) ?? EMPTY_DRAFT, 'string', 'requirements')).toEqual(facet);
  });

  it('keeps the cardinality in requirements only, and never for an IFC class', () => {
    const prohibited = { ...EMPTY_DRAFT, kind: 'material' as const, cardinality: 'prohibited' as const };
    expect(facetOf(prohibited, 'string', 'requirements').cardinality).toBe('prohibited');
    expect(facetOf(prohibited, 'string', 'applicability').cardinality).toBe('required');
    expect(
      facetOf({ ...EMPTY_DRAFT, ifcClass: 'IFCWALL', cardinality: 'optional' }, 'string', 'requirements')
        .cardinality,
    ).toBe('required');
  });

  it('has no draft for a facet the fields would change: bounds, lengths, several patterns, a pattern name', () => {
    const bounded: Facet = {
      type: 'property',
      propertySet: simple('Pset_WallCommon'),
      baseName: simple('ThermalTransmittance'),
      value: { kind: 'restriction', base: 'double', enumeration: [], patterns: [], maxInclusive: '0.3' },
      dataType: 'IFCTHERMALTRANSMITTANCEMEASURE',
      uri: null,
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    };
    expect(draftOf(bounded)).toBeNull();
    const patterns: Facet = {
      type: 'material',
      value: { kind: 'restriction', base: 'string', enumeration: [], patterns: ['a.*', 'b.*'] },
      uri: null,
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    };
    expect(draftOf(patterns)).toBeNull();
    const patternName: Facet = {
      type: 'entity',
      name: { kind: 'restriction', base: 'string', enumeration: [], patterns: ['IFC.*WALL'] },
      predefinedType: null,
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    };
    expect(draftOf(patternName)).toBeNull();
  });

  it('is complete only when its kind names what it needs', () => {
    expect(draftComplete(EMPTY_DRAFT)).toBe(false);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'property', propertySet: 'Pset_DoorCommon' })).toBe(false);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'property', propertySet: 'P', property: 'Q' })).toBe(true);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'attribute' })).toBe(false);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'attribute', name: 'Name', valueForm: 'values' })).toBe(
      false,
    );
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'classification' })).toBe(false);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'classification', system: 'Uniclass' })).toBe(true);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'material' })).toBe(true);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'material', valueForm: 'pattern' })).toBe(false);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'partOf', ifcClass: 'IFCBUILDINGSTOREY' })).toBe(true);
  });
});
