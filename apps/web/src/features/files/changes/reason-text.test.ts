import type { IdsFacet } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { reasonText } from './reason-text';

const fireRating: IdsFacet = {
  id: '0.r0',
  facet_type: 'property',
  cardinality: 'required',
  entity_name: null,
  predefined_type: null,
  property_set: 'Pset_WallCommon',
  property_name: 'FireRating',
  property_data_type: 'IFCLABEL',
  attribute_name: null,
  classification_system: null,
  classification_value: null,
  material_value: null,
  material_uri: null,
  partof_entity_name: null,
  partof_predefined_type: null,
  partof_relation: null,
  instructions: null,
  value_constraints: [],
};
const spec = { requirements: [{ key: 'k', facet_index: 0, facet: fireRating }] };

describe('reasonText', () => {
  it('names the property and what is wrong with it', () => {
    const reason = { facet_index: 0, facet_type: 'property', outcome: 'absent' as const, actual_value: null };
    expect(reasonText(reason, spec)).toBe('Pset_WallCommon.FireRating is missing');
    expect(reasonText({ ...reason, outcome: 'mismatch', actual_value: 'EI30' }, spec)).toBe(
      'Pset_WallCommon.FireRating is EI30, which does not meet the requirement',
    );
  });

  it('says so when the requirement is not among the specification’s facets', () => {
    const reason = { facet_index: 3, facet_type: 'property', outcome: 'absent' as const, actual_value: null };
    expect(reasonText(reason, spec)).toBe('Requirement not met');
    expect(reasonText({ ...reason, facet_index: null }, spec)).toBe('Prohibited elements are present');
  });
});
