import type { FacetFailureDto, IdsFacet } from '@plumbline/contracts';
import { noIds } from './breakdowns';
import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { type AnalystResult, Citations } from './types';

/** The facet kinds whose absent or empty value is "missing" (a wrong entity or part-of is not). */
const MISSING_KINDS = new Set<IdsFacet['facet_type']>([
  'property',
  'attribute',
  'classification',
  'material',
]);

/**
 * What a requirement facet asks to be there, named as a reader groups it: `Pset.Property`,
 * `attribute Name`, `classification`, `material`. Read from the facet itself, never from a reason.
 */
export function requiredItem(facet: IdsFacet): string | null {
  switch (facet.facet_type) {
    case 'property':
      return `${facet.property_set ?? 'any property set'}.${facet.property_name ?? 'any property'}`;
    case 'attribute':
      return `attribute ${facet.attribute_name ?? 'any'}`;
    case 'classification':
      return 'classification';
    case 'material':
      return 'material';
    default:
      return null;
  }
}

/** A failure that says the required thing is not there (absent or without a value), as the engine decided. */
export function isMissing(failure: FacetFailureDto): boolean {
  return (
    (failure.outcome === 'absent' || failure.outcome === 'empty') && MISSING_KINDS.has(failure.facet_type)
  );
}

/**
 * Which required properties are most often missing: the failed requirements of the inspector's
 * facet results whose outcome says the value is not there, one per element check.
 */
export async function missingProperties(
  facts: VersionFacts,
  lang: Lang,
  args: { limit?: number } = {},
): Promise<AnalystResult> {
  const limit = Math.min(Math.max(args.limit ?? 10, 1), 50);
  const specs = (await facts.specs()).filter((s) => s.figures);
  if (specs.length === 0) return noIds(lang);
  const items = new Map<string, { count: number; ids: { globalId: string | null; ifcClass: string }[] }>();
  for (const spec of specs) {
    const facets = new Map(spec.requirementFacets.map((facet) => [facet.id, facet]));
    for (const row of await facts.results(spec.id)) {
      for (const f of row.failures) {
        const facet = facets.get(f.facet_id);
        const item = facet && isMissing(f) ? requiredItem(facet) : null;
        if (!item) continue;
        const entry = items.get(item) ?? { count: 0, ids: [] };
        entry.count += 1;
        entry.ids.push({ globalId: row.global_id, ifcClass: row.ifc_class ?? '' });
        items.set(item, entry);
      }
    }
  }
  const top = [...items].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0])).slice(0, limit);
  if (top.length === 0) {
    return {
      text: say(lang, {
        en: `No required property is missing in version ${facts.version.versionTag}.`,
        nl: `Er ontbreekt geen verplichte eigenschap in versie ${facts.version.versionTag}.`,
        de: `In Version ${facts.version.versionTag} fehlt keine geforderte Eigenschaft.`,
      }),
      data: { missing: [] },
      citations: new Citations(),
    };
  }
  const citations = new Citations();
  for (const [, entry] of top.slice(0, 5)) citations.addAll(entry.ids);
  const text = [
    say(lang, {
      en: `Most often missing in version ${facts.version.versionTag} (elements lacking what a specification requires):`,
      nl: `Het vaakst ontbrekend in versie ${facts.version.versionTag} (elementen zonder wat een specificatie eist):`,
      de: `Am häufigsten fehlend in Version ${facts.version.versionTag} (Elemente ohne das, was eine Spezifikation fordert):`,
    }),
    ...top.map(([item, entry], i) =>
      say(lang, {
        en: `${i + 1}. ${item}: missing in ${num(lang, entry.count)} element check${entry.count === 1 ? '' : 's'}`,
        nl: `${i + 1}. ${item}: ontbreekt in ${num(lang, entry.count)} elementcontrole${entry.count === 1 ? '' : 's'}`,
        de: `${i + 1}. ${item}: fehlt in ${num(lang, entry.count)} Elementprüfung${entry.count === 1 ? '' : 'en'}`,
      }),
    ),
  ].join('\n');
  return {
    text,
    data: { missing: top.map(([item, entry]) => ({ item, elements: entry.count })) },
    citations,
  };
}
