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
    const kinds = label ? kindName(lang, label, 2) : say(lang, 'assistant.elements', { count: 2 });
    out.push(say(lang, 'assistant.suggest.failing', { kinds, name: top.name }));
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
    const kinds = label ? kindName(lang, label, 2) : say(lang, 'assistant.elements', { count: 2 });
    out.push(say(lang, 'assistant.suggest.missing', { kinds, property: failed.property_name }));
    break;
  }
  if (specs.length > 0) {
    out.push(
      say(lang, 'assistant.suggest.byStorey'),
      say(lang, 'assistant.suggest.fix'),
      say(lang, 'assistant.suggest.requirements'),
    );
    const checkedLabel = mostCommon(
      (await Promise.all(specs.map((s) => facts.results(s.id))))
        .flat()
        .map((r) => classLabel(r.ifc_class ?? '')),
    );
    if (checkedLabel)
      out.push(say(lang, 'assistant.suggest.applies', { kinds: kindName(lang, checkedLabel, 2) }));
    out.push(
      say(lang, 'assistant.suggest.summary'),
      say(lang, 'assistant.suggest.byClass'),
      say(lang, 'assistant.suggest.missingProperties'),
    );
  } else {
    out.push(say(lang, 'assistant.suggest.doorsPerStorey'), say(lang, 'assistant.suggest.overview'));
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
    say(lang, 'assistant.unanswerable'),
    '',
    say(lang, 'assistant.youCouldAsk'),
    ...suggestions.map((s) => `- ${s}`),
  ].join('\n');
  return { text, data: { answerable: false, suggestions }, citations: new Citations() };
}
