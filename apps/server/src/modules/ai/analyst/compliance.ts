import type { FacetFailureDto, IdsFacet } from '@plumbline/contracts';
import { noIds } from './breakdowns';
import type { VersionFacts } from './facts';
import { type Lang, say } from './language';
import { type AnalystResult, Citations } from './types';

/** The facet kinds whose absent or empty value is "missing" (a wrong entity or part-of is not). */
const MISSING_KINDS = new Set<IdsFacet['facet_type']>([
  'property',
  'attribute',
  'classification',
  'material',
]);

/**
 * What a requirement facet asks to be there, as a key to group by (its kind and names, never words)
 * and read as a reader groups it: `Pset.Property`, `attribute Name`, `classification`, `material`.
 * Read from the facet itself, never from a reason.
 */
export function requiredItem(facet: IdsFacet): { key: string; label: (lang: Lang) => string } | null {
  switch (facet.facet_type) {
    case 'property':
    case 'attribute':
    case 'classification':
    case 'material': {
      const set = facet.property_set ?? '';
      const name = (facet.facet_type === 'attribute' ? facet.attribute_name : facet.property_name) ?? '';
      const values = {
        type: facet.facet_type,
        set,
        name,
        hasSet: set ? 'yes' : 'no',
        hasName: name ? 'yes' : 'no',
      };
      return {
        key: JSON.stringify(
          facet.facet_type === 'property' || facet.facet_type === 'attribute' ? values : [values.type],
        ),
        label: (lang) => say(lang, 'assistant.requiredItem', values),
      };
    }
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
  const items = new Map<
    string,
    { label: (lang: Lang) => string; count: number; ids: { globalId: string | null; ifcClass: string }[] }
  >();
  for (const spec of specs) {
    const facets = new Map(spec.requirementFacets.map((facet) => [facet.id, facet]));
    for (const row of await facts.results(spec.id)) {
      for (const f of row.failures) {
        const facet = facets.get(f.facet_id);
        const item = facet && isMissing(f) ? requiredItem(facet) : null;
        if (!item) continue;
        const entry = items.get(item.key) ?? { label: item.label, count: 0, ids: [] };
        entry.count += 1;
        entry.ids.push({ globalId: row.global_id, ifcClass: row.ifc_class ?? '' });
        items.set(item.key, entry);
      }
    }
  }
  const top = [...items.values()]
    .map((entry) => ({ ...entry, item: entry.label(lang) }))
    .sort((a, b) => b.count - a.count || a.item.localeCompare(b.item))
    .slice(0, limit);
  if (top.length === 0) {
    return {
      text: say(lang, 'assistant.missing.none', { version: facts.version.versionTag }),
      data: { missing: [] },
      citations: new Citations(),
    };
  }
  const citations = new Citations();
  for (const entry of top.slice(0, 5)) citations.addAll(entry.ids);
  const text = [
    say(lang, 'assistant.missing.head', { version: facts.version.versionTag }),
    ...top.map((entry, i) =>
      say(lang, 'assistant.missing.line', { rank: i + 1, item: entry.item, count: entry.count }),
    ),
  ].join('\n');
  return {
    text,
    data: { missing: top.map((entry) => ({ item: entry.item, elements: entry.count })) },
    citations,
  };
}
