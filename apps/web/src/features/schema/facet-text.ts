import { foldedText, type IdsFacet, type IdsFacetType, type ValueConstraint } from '@plumbline/contracts';
import type { Translator } from '@plumbline/i18n';
import { FACET_TYPES } from '@/lib/facet-labels';
import type { MessageId } from '@/lib/i18n';

type T = Translator<MessageId>;

/** Lists show the first 3 enumeration values, then '+n more' (spec 2 §9), in the page's language. */
export function constraintText(t: T, constraint: ValueConstraint): string {
  switch (constraint.type) {
    case 'simpleValue':
      return `= ${constraint.value}`;
    case 'enumeration':
      return t('schema.facet.oneOf', {
        values: foldedText(constraint.values, { moreText: (count) => t('schema.facet.more', { count }) }),
      });
    case 'pattern':
      return t('schema.facet.matches', { pattern: constraint.pattern });
    case 'bounds': {
      const { min_value: min, max_value: max } = constraint;
      if (!min && !max) return '';
      const kind = min && max ? 'both' : min ? 'min' : 'max';
      return t('schema.facet.bounds', { kind, min: min ?? '', max: max ?? '' });
    }
  }
}

/**
 * What a facet asks for, in one line: 'Pset_WallCommon.FireRating (IFCLABEL) matches EI[0-9]+'. Names
 * and values from the IDS stay as written; the words around them are the page's language.
 */
export function facetText(t: T, facet: IdsFacet): string {
  const constraints = facet.value_constraints.map((c) => constraintText(t, c)).join('; ');
  const withValue = (subject: string) => (constraints ? `${subject} ${constraints}` : subject);
  switch (facet.facet_type) {
    case 'entity':
      return facet.predefined_type
        ? `${facet.entity_name} (${facet.predefined_type})`
        : (facet.entity_name ?? t('schema.facet.anyEntity'));
    case 'attribute':
      return withValue(facet.attribute_name ?? t('schema.facet.anyAttribute'));
    case 'property': {
      const name = t('schema.facet.property', {
        set: facet.property_set ?? 'any',
        property: facet.property_name ?? 'any',
      });
      return withValue(facet.property_data_type ? `${name} (${facet.property_data_type})` : name);
    }
    case 'classification':
      return withValue(facet.classification_system ?? t('schema.facet.anyClassificationSystem')).replace(
        / = /,
        ': ',
      );
    case 'material':
      return facet.material_value
        ? t('schema.facet.material', { value: facet.material_value })
        : t('schema.facet.anyMaterial');
    case 'partof': {
      const whole = facet.partof_predefined_type
        ? `${facet.partof_entity_name} (${facet.partof_predefined_type})`
        : (facet.partof_entity_name ?? t('schema.facet.anyWhole'));
      return t('schema.facet.partOf', { whole, relation: facet.partof_relation ?? 'none' });
    }
  }
}

/** Facets grouped by type, in the IDS order of facet types; empty groups left out. */
export function facetsByType(facets: readonly IdsFacet[]): Array<{ type: IdsFacetType; facets: IdsFacet[] }> {
  return FACET_TYPES.flatMap((type) => {
    const group = facets.filter((facet) => facet.facet_type === type);
    return group.length > 0 ? [{ type, facets: group }] : [];
  });
}
