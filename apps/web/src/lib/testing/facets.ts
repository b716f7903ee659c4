import type { IdsFacet } from '@plumbline/contracts';

/**
 * An IDS facet for a test: a required property facet with every field empty, then the test's own
 * fields. One place for the contract's full shape, so a field added to it is added here once.
 */
export function idsFacet(fields: Partial<IdsFacet> = {}): IdsFacet {
  return {
    id: '0.r0',
    facet_type: 'property',
    cardinality: 'required',
    entity_name: null,
    predefined_type: null,
    property_set: null,
    property_name: null,
    property_data_type: null,
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
    ...fields,
  };
}

/** The requirement most tests check: a wall's fire rating, a label in Pset_WallCommon. */
export const FIRE_RATING = {
  property_set: 'Pset_WallCommon',
  property_name: 'FireRating',
  property_data_type: 'IFCLABEL',
} as const satisfies Partial<IdsFacet>;
