import { classLabel, kindName } from './classes';
import type { VersionFacts } from './facts';
import { type Lang, say } from './language';
import { type AnalystResult, Citations } from './types';

/**
 * Questions drawn from this project's own IDS and model, each one the analyst answers: the
 * specification most elements miss (and the class it mostly applies to), a property it requires,
 * a breakdown by storey, a fix list, and what applies to the commonest checked class.
 */
export async function suggestedQuestions(facts: VersionFacts, lang: Lang): Promise<string[]> {
  const specs = (await facts.specs()).filter((s) => s.figures && s.figures.applicable > 0);
  const worst = [...specs].sort(
    (a, b) =>
      (b.figures?.applicable ?? 0) -
      (b.figures?.compliant ?? 0) -
      ((a.figures?.applicable ?? 0) - (a.figures?.compliant ?? 0)),
  );
  const out: string[] = [];
  const top = worst[0];
  if (top) {
    const rows = await facts.results(top.id);
    const label = mostCommon(rows.map((r) => classLabel(r.ifc_class ?? '')));
    const kinds = label
      ? kindName(lang, label, 2)
      : say(lang, { en: 'elements', nl: 'elementen', de: 'Elemente' });
    out.push(
      say(lang, {
        en: `Which ${kinds} fail "${top.name}"?`,
        nl: `Welke ${kinds} voldoen niet aan "${top.name}"?`,
        de: `Welche ${kinds} erfüllen "${top.name}" nicht?`,
      }),
    );
  }
  // A property some specification requires and some element lacks.
  for (const spec of worst) {
    const failed = spec.requirementFacets.find(
      (f) => f.facet_type === 'property' && f.property_name && /^[A-Za-z][\w]*$/.test(f.property_name),
    );
    if (!failed?.property_name) continue;
    const rows = await facts.results(spec.id);
    if (!rows.some((r) => !r.meets_requirements)) continue;
    const label = mostCommon(rows.map((r) => classLabel(r.ifc_class ?? '')));
    const kinds = label
      ? kindName(lang, label, 2)
      : say(lang, { en: 'elements', nl: 'elementen', de: 'Elemente' });
    out.push(
      say(lang, {
        en: `Which ${kinds} are missing ${failed.property_name}?`,
        nl: `Welke ${kinds} missen ${failed.property_name}?`,
        de: `Welchen ${kinds} fehlt ${failed.property_name}?`,
      }),
    );
    break;
  }
  if (specs.length > 0) {
    out.push(
      say(lang, {
        en: 'Summarise compliance by storey',
        nl: 'Vat de naleving per verdieping samen',
        de: 'Fasse die Konformität pro Geschoss zusammen',
      }),
      say(lang, {
        en: 'What should I fix first?',
        nl: 'Wat moet ik eerst oplossen?',
        de: 'Was soll ich zuerst beheben?',
      }),
      say(lang, {
        en: 'Which requirements fail most often?',
        nl: 'Welke eisen worden het vaakst niet gehaald?',
        de: 'Welche Anforderungen werden am häufigsten nicht erfüllt?',
      }),
    );
    const checkedLabel = mostCommon(
      (await Promise.all(specs.map((s) => facts.results(s.id))))
        .flat()
        .map((r) => classLabel(r.ifc_class ?? '')),
    );
    if (checkedLabel)
      out.push(
        say(lang, {
          en: `Which specifications apply to ${kindName(lang, checkedLabel, 2)}?`,
          nl: `Welke specificaties zijn van toepassing op ${kindName(lang, checkedLabel, 2)}?`,
          de: `Welche Spezifikationen gelten für ${kindName(lang, checkedLabel, 2)}?`,
        }),
      );
    out.push(
      say(lang, {
        en: 'Summarise compliance',
        nl: 'Vat de naleving samen',
        de: 'Fasse die Konformität zusammen',
      }),
      say(lang, { en: 'Compliance by class', nl: 'Naleving per klasse', de: 'Konformität nach Klasse' }),
      say(lang, {
        en: 'Which properties are most often missing?',
        nl: 'Welke eigenschappen ontbreken het vaakst?',
        de: 'Welche Eigenschaften fehlen am häufigsten?',
      }),
    );
  } else {
    out.push(
      say(lang, {
        en: 'How many doors are there per storey?',
        nl: 'Hoeveel deuren zijn er per verdieping?',
        de: 'Wie viele Türen gibt es pro Geschoss?',
      }),
      say(lang, { en: 'What is in this model?', nl: 'Wat zit er in dit model?', de: 'Was ist im Modell?' }),
    );
  }
  return [...new Set(out)].slice(0, 8);
}

function mostCommon(labels: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const l of labels) if (l) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
}

/** The honest reply to a question the analyst cannot answer: what it can answer, and three questions to try. */
export async function unanswerable(facts: VersionFacts, lang: Lang): Promise<AnalystResult> {
  const suggestions = (await suggestedQuestions(facts, lang)).slice(0, 3);
  const text = [
    say(lang, {
      en: "I can't answer that from this model's data. I answer questions about the IFC model and its IDS checks: compliance by storey, class, specification or requirement; elements lacking a property; which specifications apply to a class; what to fix first; element counts; and changes between versions.",
      nl: 'Die vraag kan ik niet beantwoorden uit de gegevens van dit model. Ik beantwoord vragen over het IFC-model en de IDS-controles: naleving per verdieping, klasse, specificatie of eis; elementen zonder een eigenschap; welke specificaties op een klasse van toepassing zijn; wat eerst op te lossen; aantallen elementen.',
      de: 'Diese Frage kann ich aus den Daten dieses Modells nicht beantworten. Ich beantworte Fragen zum IFC-Modell und seinen IDS-Prüfungen: Konformität pro Geschoss, Klasse, Spezifikation oder Anforderung; Elemente ohne eine Eigenschaft; welche Spezifikationen für eine Klasse gelten; was zuerst zu beheben ist; Anzahlen von Elementen.',
    }),
    '',
    say(lang, { en: 'You could ask:', nl: 'U kunt bijvoorbeeld vragen:', de: 'Sie könnten fragen:' }),
    ...suggestions.map((s) => `- ${s}`),
  ].join('\n');
  return { text, data: { answerable: false, suggestions }, citations: new Citations() };
}
