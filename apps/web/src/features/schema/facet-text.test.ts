import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { idsFacet } from '@/lib/testing/ids-fixtures';
import { facetsByType, facetText } from './facet-text';

const blank = idsFacet();

describe('facet text', () => {
  it('describes a property with its data type and constraint', () => {
    expect(
      facetText(t, {
        ...blank,
        property_set: 'Pset_WallCommon',
        property_name: 'FireRating',
        property_data_type: 'IFCLABEL',
        value_constraints: [{ type: 'pattern', pattern: 'EI[0-9]+' }],
      }),
    ).toBe('Pset_WallCommon.FireRating (IFCLABEL) matches EI[0-9]+');
  });

  it('shows the first 3 enumeration values, then +n more', () => {
    expect(
      facetText(t, {
        ...blank,
        facet_type: 'attribute',
        attribute_name: 'Name',
        value_constraints: [{ type: 'enumeration', values: ['A', 'B', 'C', 'D', 'E'] }],
      }),
    ).toBe('Name one of A, B, C +2 more');
  });

  it('groups facets by type in IDS order', () => {
    const entity = { ...blank, id: '0.a0', facet_type: 'entity' as const, entity_name: 'IFCWALL' };
    const groups = facetsByType([blank, entity]);
    expect(groups.map((g) => g.type)).toEqual(['entity', 'property']);
    expect(facetText(t, entity)).toBe('IFCWALL');
  });
});

describe('part-of facet text', () => {
  it('names the whole and the relation', () => {
    expect(
      facetText(t, {
        ...blank,
        facet_type: 'partof',
        partof_entity_name: 'IFCELEMENTASSEMBLY',
        partof_predefined_type: 'GIRDER',
        partof_relation: 'IFCRELAGGREGATES',
      }),
    ).toBe('Part of IFCELEMENTASSEMBLY (GIRDER) through IFCRELAGGREGATES');
  });
});
