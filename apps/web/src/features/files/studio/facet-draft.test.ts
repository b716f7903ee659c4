import { describe, expect, it } from 'vitest';
import { draftComplete, draftOf, EMPTY_DRAFT, facetOf } from './facet-draft';

describe('the facet form draft', () => {
  it('builds an IFC class facet and reads it back', () => {
    const facet = facetOf({ ...EMPTY_DRAFT, ifcClass: 'IFCDOOR' }, 'string');
    expect(facet).toMatchObject({
      type: 'entity',
      name: { kind: 'simple', value: 'IFCDOOR' },
      predefinedType: null,
    });
    expect(draftOf(facet)).toEqual({ ...EMPTY_DRAFT, ifcClass: 'IFCDOOR' });
  });

  it('writes one ticked value as a simple value and several as an enumeration of the type base', () => {
    const draft = {
      ...EMPTY_DRAFT,
      kind: 'property' as const,
      propertySet: 'Pset_DoorCommon',
      property: 'FireRating',
      dataType: 'IFCLABEL',
    };
    expect(facetOf(draft, 'string')).toMatchObject({ value: null, dataType: 'IFCLABEL' });
    expect(facetOf({ ...draft, values: ['EI30'] }, 'string')).toMatchObject({
      value: { kind: 'simple', value: 'EI30' },
    });
    const both = facetOf({ ...draft, values: ['EI30', 'EI60'] }, 'string');
    expect(both).toMatchObject({
      value: { kind: 'restriction', base: 'string', enumeration: ['EI30', 'EI60'], patterns: [] },
    });
    expect(draftOf(both)?.values).toEqual(['EI30', 'EI60']);
  });

  it('is complete only when its kind names what it needs', () => {
    expect(draftComplete(EMPTY_DRAFT)).toBe(false);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'property', propertySet: 'Pset_DoorCommon' })).toBe(false);
    expect(draftComplete({ ...EMPTY_DRAFT, kind: 'property', propertySet: 'P', property: 'Q' })).toBe(true);
  });
});
