import type { VersionFacts } from './facts';
import { type Lang, say } from './language';
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
      ? say(lang, 'assistant.nothing.none', { specifications: specs.length, version: v })
      : [
          say(lang, 'assistant.nothing.some', {
            none: none.length,
            specifications: specs.length,
            version: v,
          }),
          ...none.map((s) => `- ${s.name} (${s.idsFileName})`),
        ].join('\n');
  return {
    text,
    data: { version: v, specifications: specs.length, applyingToNothing: none.map((s) => s.name) },
    citations: new Citations(),
  };
}
