import type { Facet } from '@plumbline/ids/document';
import { describe, expect, it } from 'vitest';
import { draftComplete, draftOf, EMPTY_DRAFT, facetOf, NO_BOUNDS } from './facet-draft';

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

  it("writes bounds with the data type's base and reads them back, instructions and URI kept", () => {
    const bounded: Facet = {
      type: 'property',
      propertySet: simple('Pset_WallCommon'),
      baseName: simple('ThermalTransmittance'),
      value: {
        kind: 'restriction',
        base: 'double',
        enumeration: [],
        patterns: [],
        minExclusive: '0',
        maxInclusive: '0.3',
      },
      dataType: 'IFCTHERMALTRANSMITTANCEMEASURE',
      uri: 'https://identifier.buildingsmart.org/uri/buildingsmart/ifc/4.3/prop/ThermalTransmittance',
      cardinality: 'required',
      instructions: 'U-value of the wall build-up',
      location: NOWHERE,
    };
    const draft = draftOf(bounded);
    expect(draft).toMatchObject({
      valueForm: 'bounds',
      bounds: { ...NO_BOUNDS, minExclusive: '0', maxInclusive: '0.3' },
      boundsBase: 'double',
      instructions: 'U-value of the wall build-up',
    });
    expect(facetOf(draft ?? EMPTY_DRAFT, 'double', 'requirements')).toEqual(bounded);
    // Typed with spaces, a bound is written trimmed; an emptied bound is left out.
    const edited = facetOf(
      { ...(draft ?? EMPTY_DRAFT), bounds: { ...NO_BOUNDS, minInclusive: ' 0.1 ', maxInclusive: '' } },
      'double',
      'requirements',
    );
    expect(edited).toMatchObject({ value: { kind: 'restriction', base: 'double', minInclusive: '0.1' } });
    expect(
      edited.type === 'property' && edited.value?.kind === 'restriction' && 'maxInclusive' in edited.value,
    ).toBe(false);
  });

  it('gives bounds of a facet with no numeric type xs:double, or the base the file had', () => {
    const draft = {
      ...EMPTY_DRAFT,
      kind: 'attribute' as const,
      name: 'NominalHeight',
      valueForm: 'bounds' as const,
      bounds: { ...NO_BOUNDS, minInclusive: '2.1' },
    };
    expect(facetOf(draft, 'string')).toMatchObject({
      value: { kind: 'restriction', base: 'double', enumeration: [], patterns: [], minInclusive: '2.1' },
    });
    expect(facetOf({ ...draft, boundsBase: 'integer' }, 'string')).toMatchObject({
      value: { base: 'integer', minInclusive: '2.1' },
    });
    // Only the form's own bounds are written: lengths typed before switching to bounds are not.
    expect(facetOf({ ...draft, bounds: { ...draft.bounds, maxLength: '5' } }, 'string')).not.toMatchObject({
      value: { maxLength: '5' },
    });
  });

  it('writes lengths as a string restriction and reads them back', () => {
    const draft = {
      ...EMPTY_DRAFT,
      kind: 'attribute' as const,
      name: 'Tag',
      valueForm: 'length' as const,
      bounds: { ...NO_BOUNDS, minLength: '3', maxLength: '8' },
    };
    const facet = facetOf(draft, 'string', 'requirements');
    expect(facet).toEqual({
      type: 'attribute',
      name: simple('Tag'),
      value: {
        kind: 'restriction',
        base: 'string',
        enumeration: [],
        patterns: [],
        minLength: '3',
        maxLength: '8',
      },
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    });
    expect(draftOf(facet)).toMatchObject({
      valueForm: 'length',
      bounds: { ...NO_BOUNDS, minLength: '3', maxLength: '8' },
      boundsBase: 'string',
    });
    expect(draftComplete(draft)).toBe(true);
    expect(draftComplete({ ...draft, bounds: { ...NO_BOUNDS, minInclusive: '3' } })).toBe(false);
    expect(draftComplete({ ...draft, valueForm: 'bounds', bounds: { ...NO_BOUNDS, length: '3' } })).toBe(
      false,
    );
  });

  it('has no draft for a facet the fields would change: bounds with lengths, values or a pattern, several patterns, a pattern name', () => {
    const mixed = (extra: object): Facet => ({
      type: 'attribute',
      name: simple('Tag'),
      value: { kind: 'restriction', base: 'string', enumeration: [], patterns: [], minLength: '2', ...extra },
      cardinality: 'required',
      instructions: null,
      location: NOWHERE,
    });
    expect(draftOf(mixed({ maxInclusive: '5' }))).toBeNull();
    expect(draftOf(mixed({ patterns: ['T.*'] }))).toBeNull();
    expect(draftOf(mixed({ enumeration: ['T1', 'T22'] }))).toBeNull();
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
