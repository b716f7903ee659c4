import type { FacetResult } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { t } from '@/lib/i18n';
import { detailRows } from './facet-result-item';

const base: FacetResult = {
  facet_type: 'property',
  is_satisfied: false,
  result: 'failed',
  errors: ['Pset_WallCommon.FireRating has value "EI 30", expected "EI 60"'],
  bsdd_validated: false,
  details: {
    cardinality: 'required',
    description: 'Pset_WallCommon.FireRating',
    property_set: 'Pset_WallCommon',
    property_name: 'FireRating',
    property_data_type: null,
    property_exists: true,
    property_populated: true,
    property_value: 'EI 30',
    actual_value: 'EI 30',
    required_value: 'EI 60',
    value_constraints: [{ type: 'simpleValue', value: 'EI 60' }],
  },
};

describe('facet detail rows', () => {
  it('shows what was asked and what the element has, without unknown or repeated facts', () => {
    expect(detailRows(t, base)).toEqual([
      ['Cardinality', 'required'],
      ['Property set', 'Pset_WallCommon'],
      ['Property', 'FireRating'],
      ['Property exists', 'Yes'],
      ['Has a value', 'Yes'],
      ['Value', 'EI 30'],
      ['Required value', 'EI 60'],
    ]);
  });

  it('shows N/A for an existing property without a value and spells out constraints', () => {
    const rows = detailRows(t, {
      ...base,
      details: {
        ...base.details,
        property_populated: false,
        property_value: null,
        actual_value: null,
        value_constraints: [
          { type: 'enumeration', values: ['EI 30', 'EI 60'] },
          { type: 'bounds', min_value: '1', max_value: null },
        ],
      },
    });
    expect(rows).toContainEqual(['Value', 'N/A']);
    expect(rows).toContainEqual(['Required value', 'one of EI 30, EI 60; ≥ 1']);
  });

  it('names the entity facts of an entity facet', () => {
    const rows = detailRows(t, {
      ...base,
      facet_type: 'entity',
      details: {
        cardinality: 'required',
        description: 'IFCDOOR',
        element_class: 'IfcWall',
        required_entity: 'IFCDOOR',
        entity_match: false,
        predefined_type_match: null,
        actual_value: 'IFCWALL',
        value_constraints: [],
      },
    });
    expect(rows).toEqual([
      ['Cardinality', 'required'],
      ['Element class', 'IfcWall'],
      ['Required entity', 'IFCDOOR'],
      ['Entity matches', 'No'],
      ['Value found', 'IFCWALL'],
    ]);
  });
});
