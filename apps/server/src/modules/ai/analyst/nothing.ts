import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { type AnalystResult, Citations } from './types';

/** The checked specifications that apply to no element of the version, each named (issue 35). */
export async function specificationsApplyingToNothing(
  facts: VersionFacts,
  lang: Lang,
): Promise<AnalystResult> {
  const specs = (await facts.specs()).filter((s) => s.figures);
  const none = specs.filter((s) => (s.figures?.applicable ?? 0) === 0);
  const v = facts.version.versionTag;
  const text =
    none.length === 0
      ? say(lang, {
          en: `All ${num(lang, specs.length)} specifications apply to at least one element of version ${v}.`,
          nl: `Alle ${num(lang, specs.length)} specificaties zijn van toepassing op ten minste één element van versie ${v}.`,
          de: `Alle ${num(lang, specs.length)} Spezifikationen gelten für mindestens ein Element von Version ${v}.`,
        })
      : [
          say(lang, {
            en: `${num(lang, none.length)} of ${num(lang, specs.length)} specifications apply to no element of version ${v}, so they check nothing:`,
            nl: `${num(lang, none.length)} van ${num(lang, specs.length)} specificaties zijn op geen enkel element van versie ${v} van toepassing; ze controleren dus niets:`,
            de: `${num(lang, none.length)} von ${num(lang, specs.length)} Spezifikationen gelten für kein Element von Version ${v}; sie prüfen also nichts:`,
          }),
          ...none.map((s) => `- ${s.name} (${s.idsFileName})`),
        ].join('\n');
  return {
    text,
    data: { version: v, specifications: specs.length, applyingToNothing: none.map((s) => s.name) },
    citations: new Citations(),
  };
}
