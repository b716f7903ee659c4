import type { Facet, IdsValue } from '@plumbline/ids';

/** A value constraint as the screens show it (spec 2 §3 'IDS facet'). */
export type ValueConstraint =
  | { type: 'simpleValue'; value: string }
  | { type: 'enumeration'; values: string[] }
  | { type: 'pattern'; pattern: string }
  | { type: 'bounds'; min_value: string | null; max_value: string | null };

/** A facet in the stored, screen-ready shape (spec 1 §3 and spec 2 §3 'Facet'). */
export interface StoredFacet {
  id: string;
  facet_type: 'entity' | 'attribute' | 'property' | 'classification' | 'material' | 'partof';
  cardinality: 'required' | 'optional' | 'prohibited';
  entity_name: string | null;
  predefined_type: string | null;
  property_set: string | null;
  property_name: string | null;
  property_data_type: string | null;
  attribute_name: string | null;
  classification_system: string | null;
  classification_value: string | null;
  material_value: string | null;
  material_uri: string | null;
  partof_entity_name: string | null;
  partof_predefined_type: string | null;
  partof_relation: string | null;
  instructions: string | null;
  value_constraints: ValueConstraint[];
}

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

export function toStoredFacet(facet: Facet, id: string): StoredFacet {
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
