import { classLabel, kindName } from './classes';
import { entityClasses } from './facets';
import type { SpecFigures, VersionFacts } from './facts';
import { applicableOf } from './failing';
import { type Lang, say } from './language';
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
        ? say(lang, 'assistant.applicability.yes', {
            name,
            applicable: r.applicable,
            kinds,
            version: facts.version.versionTag,
          })
        : say(lang, 'assistant.applicability.no', {
            name,
            kinds,
            version: facts.version.versionTag,
            byFacet: r?.byFacet ? 'yes' : 'no',
          });
    return { text, data: { specification: name, applicable: r?.applicable ?? 0 }, citations };
  }
  const text = [
    applies.length === 0
      ? say(lang, 'assistant.applicability.none', { kinds, version: facts.version.versionTag })
      : say(lang, 'assistant.applicability.some', {
          applying: applies.length,
          specifications: rows.length,
          kinds,
          version: facts.version.versionTag,
        }),
    ...applies.map(
      (r) =>
        `- ${say(lang, 'assistant.applicability.line', { name: r.spec.name, applicable: r.applicable, kinds })}`,
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
