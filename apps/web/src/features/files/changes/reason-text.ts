import type { FindingReason, IdsFacet, SpecificationComparison } from '@plumbline/contracts';

/** What a facet asks for, in a few words: the property, attribute, class, classification, material or container. */
export function facetSubject(facet: IdsFacet): string {
  switch (facet.facet_type) {
    case 'property':
      return [facet.property_set, facet.property_name].filter(Boolean).join('.') || 'a property';
    case 'attribute':
      return facet.attribute_name ?? 'an attribute';
    case 'entity':
      return facet.entity_name ? `class ${facet.entity_name}` : 'the class';
    case 'classification':
      return facet.classification_system ?? 'a classification';
    case 'material':
      return facet.material_value ? `material ${facet.material_value}` : 'a material';
    case 'partof':
      return facet.partof_entity_name ? `part of ${facet.partof_entity_name}` : 'its container';
  }
}

/**
 * Why an element fails (or failed) a requirement, from the structured reason and the requirement's
 * facet (the server sends data, never a sentence).
 */
export function reasonText(
  reason: FindingReason,
  specification: Pick<SpecificationComparison, 'requirements'>,
): string {
  const requirement = specification.requirements.find((r) => r.facet_index === reason.facet_index);
  const facet = requirement?.facet ?? null;
  if (!facet) return reason.facet_index === null ? 'Prohibited elements are present' : 'Requirement not met';
  const subject = facetSubject(facet);
  switch (reason.outcome) {
    case 'absent':
      return `${subject} is missing`;
    case 'empty':
      return `${subject} has no value`;
    case 'prohibited':
      return `${subject} is present but prohibited`;
    case 'mismatch':
      return reason.actual_value === null
        ? `${subject} does not meet the requirement`
        : `${subject} is ${reason.actual_value}, which does not meet the requirement`;
    default:
      return `${subject} does not meet the requirement`;
  }
}
