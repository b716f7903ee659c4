import { noIds } from './breakdowns';
import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { type AnalystResult, Citations } from './types';

/** The property (or attribute, classification, material) a "missing" reason names, or null. */
export function missingItem(type: string, reason: string): string | null {
  let m = /^(.+) is missing$/.exec(reason);
  if (m?.[1]) return m[1];
  m = /^(.+) has no property (.+)$/.exec(reason);
  if (m?.[1] && m[2]) return `${m[1]}.${m[2]}`;
  m = /^(.+) has no value$/.exec(reason);
  if (m?.[1] && type === 'property') return m[1];
  m = /^has no attribute (.+)$/.exec(reason);
  if (m?.[1]) return `attribute ${m[1]}`;
  m = /^(.+) is not set$/.exec(reason);
  if (m?.[1] && type === 'attribute') return `attribute ${m[1]}`;
  if (reason === 'has no classification') return 'classification';
  if (reason === 'has no material') return 'material';
  return null;
}

/**
 * Which required properties are most often missing: the failed requirements of the inspector's
 * facet results whose reason says the value is not there, one per element check.
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
    for (const row of await facts.results(spec.id)) {
      for (const f of row.failures) {
        const item = missingItem(f.facet_type, f.reason);
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
