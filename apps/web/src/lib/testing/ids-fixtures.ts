import type { IdsFacet, IdsSpecification } from '@plumbline/contracts';

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

/** An IDS specification for a test: required, IFC4, no facets, then the test's own fields. */
export function idsSpecification(
  fields: Partial<IdsSpecification> & Pick<IdsSpecification, 'id' | 'name'>,
): IdsSpecification {
  return {
    ids_file_id: '00000000-0000-4000-8000-0000000000f1',
    ids_file_name: 'rules.ids',
    description: null,
    identifier: null,
    ifc_versions: ['IFC4'],
    min_occurs: 0,
    max_occurs: null,
    cardinality: 'required',
    instructions: null,
    applicability_facets: [],
    requirement_facets: [],
    compliance_summary: null,
    ...fields,
  };
}
