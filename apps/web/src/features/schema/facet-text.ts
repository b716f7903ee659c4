import { foldedText, type IdsFacet, type IdsFacetType, type ValueConstraint } from '@plumbline/contracts';

const FACET_ORDER: readonly IdsFacetType[] = [
  'entity',
  'attribute',
  'property',
  'classification',
  'material',
  'partof',
];

/** Lists show the first 3 enumeration values, then '+n more' (spec 2 §9). */
export function constraintText(constraint: ValueConstraint): string {
  switch (constraint.type) {
    case 'simpleValue':
      return `= ${constraint.value}`;
    case 'enumeration':
      return `one of ${foldedText(constraint.values)}`;
    case 'pattern':
      return `matches ${constraint.pattern}`;
    case 'bounds':
      return [
        constraint.min_value && `≥ ${constraint.min_value}`,
        constraint.max_value && `≤ ${constraint.max_value}`,
      ]
        .filter(Boolean)
        .join(' and ');
  }
}

/** What a facet asks for, in one line: 'Pset_WallCommon.FireRating (IFCLABEL) matches EI[0-9]+'. */
export function facetText(facet: IdsFacet): string {
  const constraints = facet.value_constraints.map(constraintText).join('; ');
  const withValue = (subject: string) => (constraints ? `${subject} ${constraints}` : subject);
  switch (facet.facet_type) {
    case 'entity':
      return facet.predefined_type
        ? `${facet.entity_name} (${facet.predefined_type})`
        : (facet.entity_name ?? 'Any entity');
    case 'attribute':
      return withValue(facet.attribute_name ?? 'Any attribute');
    case 'property': {
      const name = `${facet.property_set ?? 'Any set'}.${facet.property_name ?? 'any property'}`;
      return withValue(facet.property_data_type ? `${name} (${facet.property_data_type})` : name);
    }
    case 'classification':
      return withValue(facet.classification_system ?? 'Any classification system').replace(/ = /, ': ');
    case 'material':
      return facet.material_value ? `Material ${facet.material_value}` : 'Any material';
    case 'partof': {
      const whole = facet.partof_predefined_type
        ? `${facet.partof_entity_name} (${facet.partof_predefined_type})`
        : (facet.partof_entity_name ?? 'any entity');
      return facet.partof_relation ? `Part of ${whole} through ${facet.partof_relation}` : `Part of ${whole}`;
    }
  }
}

/** Facets grouped by type, in the IDS order of facet types; empty groups left out. */
export function facetsByType(facets: readonly IdsFacet[]): Array<{ type: IdsFacetType; facets: IdsFacet[] }> {
  return FACET_ORDER.flatMap((type) => {
    const group = facets.filter((facet) => facet.facet_type === type);
    return group.length > 0 ? [{ type, facets: group }] : [];
  });
}
