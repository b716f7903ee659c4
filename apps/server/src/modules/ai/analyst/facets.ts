import type { IdsFacet } from '@plumbline/contracts';
import { classAndSubtypes } from './classes';
import { type Lang, say } from './language';

/** A requirement or applicability facet as a person names it: 'Pset_WallCommon.FireRating'. */
export function facetLabel(lang: Lang, f: IdsFacet): string {
  if (f.facet_type === 'property') {
    const name = [f.property_set, f.property_name].filter(Boolean).join('.');
    if (name) return name;
  }
  const name =
    f.facet_type === 'attribute'
      ? f.attribute_name
      : f.facet_type === 'classification'
        ? f.classification_system
        : f.facet_type === 'material'
          ? f.material_value
          : f.facet_type === 'entity'
            ? f.entity_name
            : f.facet_type === 'partof'
              ? f.partof_entity_name
              : null;
  return say(lang, 'assistant.facet', { type: f.facet_type, name: name ?? '' }).trim();
}

/** The words a facet is about, for matching a question's topic: names, sets, systems, values. */
export function facetWords(f: IdsFacet): string {
  return [
    f.entity_name,
    f.property_set,
    f.property_name,
    f.attribute_name,
    f.classification_system,
    f.classification_value,
    f.material_value,
    f.partof_entity_name,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Whether a failed facet of this kind can be set once on a type object for all its occurrences. */
export function fixableOnType(f: IdsFacet | undefined): boolean {
  return f?.facet_type === 'property' || f?.facet_type === 'classification' || f?.facet_type === 'material';
}

/** Upper-case IFC classes an entity facet names (simple values and enumerations), with subtypes. */
export function entityClasses(facets: readonly IdsFacet[]): string[] {
  const out = new Set<string>();
  for (const f of facets) {
    if (f.facet_type !== 'entity' || !f.entity_name) continue;
    for (const token of f.entity_name.toUpperCase().match(/IFC[A-Z0-9]+/g) ?? [])
      for (const c of classAndSubtypes(token)) out.add(c);
  }
  return [...out];
}
