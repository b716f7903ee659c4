import { classLabel, kindName } from './classes';
import { facetLabel, fixableOnType } from './facets';
import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
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
          requirement: facet ? facetLabel(facet) : failure.facet_id,
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
      text: say(lang, {
        en: `Nothing to fix: every applicable element meets every requirement in version ${facts.version.versionTag}.`,
        nl: `Niets op te lossen: elk element voldoet aan alle eisen in versie ${facts.version.versionTag}.`,
        de: `Nichts zu beheben: jedes anwendbare Element erfüllt in Version ${facts.version.versionTag} alle Anforderungen.`,
      }),
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
    const one = n === 1;
    const kinds = kindName(lang, item.classLabel, n);
    if (item.typeName)
      return say(lang, {
        en: `${i + 1}. Set ${item.requirement} on the type "${item.typeName}": 1 change clears ${num(lang, n)} failure${one ? '' : 's'} (${num(lang, n)} ${kinds}; "${item.specification}")`,
        nl: `${i + 1}. Vul ${item.requirement} in op het type "${item.typeName}": 1 wijziging lost ${num(lang, n)} fout${one ? '' : 'en'} op (${num(lang, n)} ${kinds}; "${item.specification}")`,
        de: `${i + 1}. ${item.requirement} am Typ "${item.typeName}" setzen: 1 Änderung behebt ${num(lang, n)} Fehler (${num(lang, n)} ${kinds}; "${item.specification}")`,
      });
    return say(lang, {
      en: `${i + 1}. Fix ${item.requirement} on ${num(lang, n)} ${kinds} one by one: ${num(lang, n)} change${one ? '' : 's'}, 1 failure each ("${item.specification}")`,
      nl: `${i + 1}. Herstel ${item.requirement} op ${num(lang, n)} ${kinds} afzonderlijk: ${num(lang, n)} wijziging${one ? '' : 'en'}, 1 fout per wijziging ("${item.specification}")`,
      de: `${i + 1}. ${item.requirement} an ${num(lang, n)} ${kinds} einzeln beheben: ${num(lang, n)} Änderung${one ? '' : 'en'}, je 1 Fehler ("${item.specification}")`,
    });
  };
  const changes = ranked.reduce((sum, item) => sum + item.changes, 0);
  const text = [
    say(lang, {
      en: `What to fix first in version ${facts.version.versionTag}, most failures cleared per change first (${num(lang, total)} failed requirement checks in all, ${num(lang, changes)} changes clear them):`,
      nl: `Wat eerst op te lossen in versie ${facts.version.versionTag}, meeste opgeloste fouten per wijziging eerst (${num(lang, total)} niet gehaalde eiscontroles in totaal, ${num(lang, changes)} wijzigingen lossen ze op):`,
      de: `Was in Version ${facts.version.versionTag} zuerst zu beheben ist, die meisten behobenen Fehler pro Änderung zuerst (${num(lang, total)} nicht erfüllte Anforderungsprüfungen insgesamt, ${num(lang, changes)} Änderungen beheben sie):`,
    }),
    ...top.map(line),
    ...(ranked.length > top.length
      ? [
          say(lang, {
            en: `… and ${num(lang, ranked.length - top.length)} smaller items.`,
            nl: `… en nog ${num(lang, ranked.length - top.length)} kleinere punten.`,
            de: `… und ${num(lang, ranked.length - top.length)} kleinere Punkte.`,
          }),
        ]
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
