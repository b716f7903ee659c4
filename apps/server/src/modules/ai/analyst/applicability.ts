import { classLabel, kindName } from './classes';
import { entityClasses } from './facets';
import type { SpecFigures, VersionFacts } from './facts';
import { applicableOf } from './failing';
import { type Lang, num, say } from './language';
import { type AnalystResult, Citations } from './types';

/**
 * Which specifications apply to elements of some classes in this model (by the engine's
 * applicability: the elements it checked), optionally for one named specification.
 */
export async function applicability(
  facts: VersionFacts,
  lang: Lang,
  args: { classes: string[]; specification?: SpecFigures | null },
): Promise<AnalystResult> {
  const classSet = new Set(args.classes);
  const labels = [...new Set(args.classes.map(classLabel))];
  const kinds = labels.map((l) => kindName(lang, l, 2)).join('/');
  const specs = args.specification ? [args.specification] : (await facts.specs()).filter((s) => s.figures);
  const rows: { spec: SpecFigures; applicable: number; byFacet: boolean }[] = [];
  const citations = new Citations();
  for (const spec of specs) {
    const applying = await applicableOf(facts, spec, classSet);
    const byFacet = entityClasses(spec.applicabilityFacets).some((c) => classSet.has(c));
    rows.push({ spec, applicable: applying.length, byFacet });
    for (const r of applying)
      if (r.global_id) citations.add({ globalId: r.global_id, ifcClass: r.ifc_class ?? '' });
  }
  const applies = rows.filter((r) => r.applicable > 0);
  if (args.specification) {
    const r = rows[0];
    const name = args.specification.name;
    const text =
      r && r.applicable > 0
        ? say(lang, {
            en: `Yes: "${name}" applies to ${num(lang, r.applicable)} ${kinds} in version ${facts.version.versionTag}.`,
            nl: `Ja: "${name}" is van toepassing op ${num(lang, r.applicable)} ${kinds} in versie ${facts.version.versionTag}.`,
            de: `Ja: "${name}" gilt für ${num(lang, r.applicable)} ${kinds} in Version ${facts.version.versionTag}.`,
          })
        : say(lang, {
            en: `No: "${name}" does not apply to any of the ${kinds} in version ${facts.version.versionTag}${r?.byFacet ? ' (its applicability names them, but none of them matches it in full)' : ''}, so it says nothing about them.`,
            nl: `Nee: "${name}" is op geen van de ${kinds} in versie ${facts.version.versionTag} van toepassing${r?.byFacet ? ' (de toepasbaarheid noemt ze, maar geen enkele voldoet er volledig aan)' : ''}; hij zegt er dus niets over.`,
            de: `Nein: "${name}" gilt in Version ${facts.version.versionTag} für keine der ${kinds}${r?.byFacet ? ' (die Anwendbarkeit nennt sie, aber keine erfüllt sie vollständig)' : ''}; sie sagt also nichts über sie aus.`,
          });
    return { text, data: { specification: name, applicable: r?.applicable ?? 0 }, citations };
  }
  const text = [
    applies.length === 0
      ? say(lang, {
          en: `No checked specification applies to the ${kinds} of version ${facts.version.versionTag}.`,
          nl: `Geen gecontroleerde specificatie is van toepassing op de ${kinds} van versie ${facts.version.versionTag}.`,
          de: `Keine geprüfte Spezifikation gilt für die ${kinds} von Version ${facts.version.versionTag}.`,
        })
      : say(lang, {
          en: `${num(lang, applies.length)} of ${num(lang, rows.length)} specifications apply to ${kinds} in version ${facts.version.versionTag}:`,
          nl: `${num(lang, applies.length)} van ${num(lang, rows.length)} specificaties zijn van toepassing op ${kinds} in versie ${facts.version.versionTag}:`,
          de: `${num(lang, applies.length)} von ${num(lang, rows.length)} Spezifikationen gelten für ${kinds} in Version ${facts.version.versionTag}:`,
        }),
    ...applies.map((r) =>
      say(lang, {
        en: `- ${r.spec.name}: ${num(lang, r.applicable)} ${kinds}`,
        nl: `- ${r.spec.name}: ${num(lang, r.applicable)} ${kinds}`,
        de: `- ${r.spec.name}: ${num(lang, r.applicable)} ${kinds}`,
      }),
    ),
  ].join('\n');
  return {
    text,
    data: {
      classes: labels,
      applying: applies.map((r) => ({ name: r.spec.name, applicable: r.applicable })),
    },
    citations,
  };
}
