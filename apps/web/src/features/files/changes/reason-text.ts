import type { FindingReason, IdsFacet, SpecificationComparison } from '@plumbline/contracts';
import type { useT } from '@/lib/i18n';

type Translate = ReturnType<typeof useT>;

/**
 * What a facet asks for, in a few words (`changes.reason.subject`): the property, attribute, class,
 * classification, material or container. Names from the IDS are values, never translated.
 */
export function facetSubject(t: Translate, facet: IdsFacet): string {
  const subject = (kind: string, name: string | null | undefined = '') =>
    t('changes.reason.subject', { kind, name: name ?? '' });
  switch (facet.facet_type) {
    case 'property': {
      const name = [facet.property_set, facet.property_name].filter(Boolean).join('.');
      return name ? subject('named', name) : subject('property');
    }
    case 'attribute':
      return facet.attribute_name ? subject('named', facet.attribute_name) : subject('attribute');
    case 'entity':
      return facet.entity_name ? subject('class', facet.entity_name) : subject('theClass');
    case 'classification':
      return facet.classification_system
        ? subject('named', facet.classification_system)
        : subject('classification');
    case 'material':
      return facet.material_value ? subject('material', facet.material_value) : subject('aMaterial');
    case 'partof':
      return facet.partof_entity_name ? subject('partOf', facet.partof_entity_name) : subject('container');
  }
}

/**
 * Why an element fails (or failed) a requirement, from the structured reason and the requirement's
 * facet (the server sends data, never a sentence), in the page's language (`changes.reason.*`).
 */
export function reasonText(
  t: Translate,
  reason: FindingReason,
  specification: Pick<SpecificationComparison, 'requirements'>,
): string {
  const requirement = specification.requirements.find((r) => r.facet_index === reason.facet_index);
  const facet = requirement?.facet ?? null;
  if (!facet) {
    return t('changes.reason.noFacet', { prohibited: reason.facet_index === null ? 'yes' : 'no' });
  }
  const outcome =
    reason.outcome === 'mismatch' && reason.actual_value !== null
      ? 'mismatchValue'
      : (reason.outcome ?? 'unknown');
  return t('changes.reason.text', {
    outcome,
    subject: facetSubject(t, facet),
    actual: reason.actual_value ?? '',
  });
}
