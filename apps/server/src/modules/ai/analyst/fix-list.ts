import { classLabel, kindName } from './classes';
import { facetLabel, fixableOnType } from './facets';
import type { VersionFacts } from './facts';
import { type Lang, say } from './language';
import { type AnalystResult, Citations } from './types';

/**
 * A prioritised fix list. A failure is one requirement of one specification that one applicable
 * element does not meet (a failed facet in the inspector's facet results). Failures of the same
 * requirement on occurrences of the same type object are one change when the requirement can be
 * set on the type (a property, classification or material); every other failure is a change of
 * its own. Changes are ranked by failures cleared per change, then by failures cleared.
 */
export interface FixItem {
  specification: string;
  requirement: string;
  /** The type name when one change on the type clears every failure of the item. */
  typeName: string | null;
  classLabel: string;
  failures: number;
  changes: number;
  globalIds: string[];
}

export async function fixList(facts: VersionFacts, lang: Lang): Promise<AnalystResult> {
  const specs = (await facts.specs()).filter((s) => s.figures && s.figures.applicable > s.figures.compliant);
  const elements = new Map((await facts.elements()).map((e) => [e.stepId, e]));
  const items = new Map<string, FixItem>();
  let total = 0;
  for (const spec of specs) {
    for (const row of await facts.results(spec.id)) {
      for (const failure of row.failures) {
        total += 1;
        const index = spec.requirementFacets.findIndex((f) => f.id === failure.facet_id);
        const facet = spec.requirementFacets[index];
        const element = elements.get(row.viewer_db_id);
        const typeName = fixableOnType(facet) ? (element?.typeName ?? null) : null;
        const label = classLabel(row.ifc_class ?? '');
        const key = typeName
          ? `${spec.id}|${failure.facet_id}|type|${label}|${typeName}`
          : `${spec.id}|${failure.facet_id}|each|${label}`;
        const item = items.get(key) ?? {
          specification: spec.name,
          requirement: facet ? facetLabel(lang, facet) : failure.facet_id,
          typeName,
          classLabel: label,
          failures: 0,
          changes: 0,
          globalIds: [],
        };
        item.failures += 1;
        item.changes = typeName ? 1 : item.failures;
        if (row.global_id) item.globalIds.push(row.global_id);
        items.set(key, item);
      }
    }
  }
  if (total === 0) {
    return {
      text: say(lang, 'assistant.fix.nothing', { version: facts.version.versionTag }),
      data: { failures: 0, items: [] },
      citations: new Citations(),
    };
  }
  const ranked = [...items.values()].sort(
    (a, b) =>
      b.failures / b.changes - a.failures / a.changes ||
      b.failures - a.failures ||
      a.specification.localeCompare(b.specification),
  );
  const top = ranked.slice(0, 10);
  const line = (item: FixItem, i: number) => {
    const n = item.failures;
    const values = {
      rank: i + 1,
      requirement: item.requirement,
      type: item.typeName ?? '',
      n,
      kinds: kindName(lang, item.classLabel, n),
      specification: item.specification,
    };
    return say(lang, item.typeName ? 'assistant.fix.onType' : 'assistant.fix.each', values);
  };
  const changes = ranked.reduce((sum, item) => sum + item.changes, 0);
  const text = [
    say(lang, 'assistant.fix.head', { version: facts.version.versionTag, failures: total, changes }),
    ...top.map(line),
    ...(ranked.length > top.length
      ? [say(lang, 'assistant.fix.more', { count: ranked.length - top.length })]
      : []),
  ].join('\n');
  const citations = new Citations();
  for (const item of top)
    for (const id of item.globalIds) citations.add({ globalId: id, ifcClass: item.classLabel });
  return {
    text,
    data: {
      failures: total,
      changes,
      items: top.map(({ globalIds, ...rest }) => ({ ...rest, elements: globalIds.length })),
    },
    citations,
  };
}
