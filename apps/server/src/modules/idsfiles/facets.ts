import type { IdsFacet, ValueConstraint } from '@plumbline/contracts';
import type { Facet, IdsValue } from '@plumbline/ids';

/** The value as one readable string: the simple value, the choices joined, or the pattern. */
export function valueText(value: IdsValue | null): string | null {
  if (!value) return null;
  if (value.kind === 'simple') return value.value;
  if (value.enumeration.length > 0) return value.enumeration.join(' | ');
  if (value.patterns.length > 0) return value.patterns.join(' | ');
  return null;
}

export function constraintsOf(value: IdsValue | null): ValueConstraint[] {
  if (!value) return [];
  if (value.kind === 'simple') return [{ type: 'simpleValue', value: value.value }];
  const out: ValueConstraint[] = [];
  if (value.enumeration.length > 0) out.push({ type: 'enumeration', values: [...value.enumeration] });
  for (const pattern of value.patterns) out.push({ type: 'pattern', pattern });
  const min = value.minInclusive ?? value.minExclusive ?? null;
  const max = value.maxInclusive ?? value.maxExclusive ?? null;
  if (min !== null || max !== null) out.push({ type: 'bounds', min_value: min, max_value: max });
  return out;
}

const empty = {
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
} as const;

/** An engine facet in the stored, screen-ready shape (packages/contracts ids-facets.ts). */
export function toStoredFacet(facet: Facet, id: string): IdsFacet {
  const base = { id, cardinality: facet.cardinality, instructions: facet.instructions, ...empty };
  switch (facet.type) {
    case 'entity':
      return {
        ...base,
        facet_type: 'entity',
        entity_name: valueText(facet.name),
        predefined_type: valueText(facet.predefinedType),
        value_constraints: constraintsOf(facet.predefinedType),
      };
    case 'attribute':
      return {
        ...base,
        facet_type: 'attribute',
        attribute_name: valueText(facet.name),
        value_constraints: constraintsOf(facet.value),
      };
    case 'property':
      return {
        ...base,
        facet_type: 'property',
        property_set: valueText(facet.propertySet),
        property_name: valueText(facet.baseName),
        property_data_type: facet.dataType,
        value_constraints: constraintsOf(facet.value),
      };
    case 'classification':
      return {
        ...base,
        facet_type: 'classification',
        classification_system: valueText(facet.system),
        classification_value: valueText(facet.value),
        value_constraints: constraintsOf(facet.value),
      };
    case 'material':
      return {
        ...base,
        facet_type: 'material',
        material_value: valueText(facet.value),
        material_uri: facet.uri,
        value_constraints: constraintsOf(facet.value),
      };
    case 'partOf':
      return {
        ...base,
        facet_type: 'partof',
        partof_entity_name: valueText(facet.entity.name),
        partof_predefined_type: valueText(facet.entity.predefinedType),
        partof_relation: facet.relation,
        value_constraints: [],
      };
  }
}
