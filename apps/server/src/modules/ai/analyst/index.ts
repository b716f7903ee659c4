import { z } from 'zod';
import { applicability } from './applicability';
import {
  complianceByClass,
  complianceByRequirement,
  complianceBySpecification,
  complianceByStorey,
  complianceSummary,
} from './breakdowns';
import { versionChanges } from './changes';
import { classAndSubtypes, classesInText } from './classes';
import { missingProperties } from './compliance';
import { type AnalystContext, type SpecFigures, VersionFacts } from './facts';
import { applicableOf, failingElements } from './failing';
import { fixList } from './fix-list';
import { type Intent, recogniseQuestion } from './intent';
import { asksExternal, elementsLacking, propertyInQuestion } from './lacking';
import { type Lang, num, say } from './language';
import { specificationsApplyingToNothing } from './nothing';
import { countElements, modelOverview, resolveClasses } from './overview';
import { filterWord, notAppliedNote } from './qualifiers';
import { asksByLevel, propertyFilterIn, type Scope, storeyNoun, storeysOf, typeNamed } from './scope';
import { scopedCount } from './scoped-count';
import { unanswerable } from './suggestions';
import { fold, squash } from './text';
import type { AnalystResult } from './types';

export type { AnalystContext } from './facts';
export { VersionFacts } from './facts';
export { recogniseIntent, recogniseQuestion } from './intent';
export { suggestedQuestions } from './suggestions';
export type { AnalystResult } from './types';
export { Citations } from './types';

/** The specification a question names: quoted, or its whole name written in the question. */
async function specificationNamed(facts: VersionFacts, text: string): Promise<SpecFigures | null> {
  const q = squash(text);
  const specs = await facts.specs();
  return (
    specs
      .filter((s) => squash(s.name).length >= 4 && q.includes(squash(s.name)))
      .sort((a, b) => b.name.length - a.name.length)[0] ?? null
  );
}

/** Words that say nothing about a rule's subject. */
const PLAIN = new Set(
  'what which where when there their these those about enough doors walls windows rooms spaces slabs columns beams the are all any have does with from this that model elements zijn welke hebben genoeg alle sind welche haben genug quels quelles sont assez portes murs fenetres dalles tous toutes elements avec modele'.split(
    ' ',
  ),
);

/** Two words with a common stem: at least three letters in common, 70 % of the shorter word. */
function sameStem(a: string, b: string): boolean {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n >= 3 && n >= 0.7 * Math.min(a.length, b.length);
}

/**
 * The one specification applying to these classes whose name shares a word stem with the question
 * ('wide' and 'width'); null when none or several do.
 */
async function specificationByWords(
  facts: VersionFacts,
  text: string,
  classes: readonly string[],
): Promise<SpecFigures | null> {
  const words = (t: string) =>
    fold(t)
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 4 && !PLAIN.has(w));
  const asked = words(text);
  const classSet = new Set(classes);
  const found: SpecFigures[] = [];
  for (const spec of (await facts.specs()).filter((s) => s.figures && s.figures.applicable > 0)) {
    if ((await applicableOf(facts, spec, classSet)).length === 0) continue;
    if (words(spec.name).some((w) => asked.some((a) => sameStem(a, w)))) found.push(spec);
  }
  return found.length === 1 ? (found[0] as SpecFigures) : null;
}

/** The storey a question names (the longest storey name written in it), or null. */
async function storeyNamed(facts: VersionFacts, text: string): Promise<string | null> {
  const q = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const levels = new Set((await facts.elements()).flatMap((e) => (e.level ? [e.level] : [])));
  return (
    [...levels]
      .filter(
        (l) =>
          l.length >= 2 &&
          q.includes(
            ` ${l
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]+/gu, ' ')
              .trim()} `,
          ),
      )
      .sort((a, b) => b.length - a.length)[0] ?? null
  );
}

/**
 * Everything besides the element kinds that narrows the answer (issue 35): the storey (named, or a
 * noun such as 'the roof', whose class is then dropped), a property value, a type, a status, and a
 * per-storey breakdown asked on a follow-up line.
 */
async function scopeOf(
  facts: VersionFacts,
  text: string,
  classes: readonly string[],
): Promise<{ classes: string[]; scope: Scope }> {
  const noun = storeyNoun(text, await storeysOf(facts));
  const dropped = new Set(noun ? noun.classes.flatMap((c) => classAndSubtypes(c)) : []);
  const kept = classes.filter((c) => !dropped.has(c));
  const classSet = new Set(kept);
  const rows = (await facts.elements()).filter((e) => classSet.size === 0 || classSet.has(e.ifcClass));
  return {
    classes: kept,
    scope: {
      storey: noun?.storey ?? (await storeyNamed(facts, text)),
      storeyNoun: noun?.classes ?? null,
      property: propertyFilterIn(text),
      typeName: typeNamed(text, rows),
      status:
        /\b(pass(ed|es)?|compliant|voldoen|bestanden|erfuellen|reussi\w*|conformes?)\b/.test(fold(text)) &&
        !/\b(fail|echou|non[\s-]?conforme)/.test(fold(text))
          ? 'passed'
          : null,
      byLevel: asksByLevel(text),
    },
  };
}

const narrowed = (s: Scope) => Boolean(s.storey || s.property || s.typeName || s.status);

/**
 * Answers a question from the version's data with the function its intent calls for, in `lang`: the
 * asking person's language (the question itself may be written in any of the four).
 */
export async function answerQuestion(
  ctx: AnalystContext,
  question: string,
  lang: Lang,
): Promise<AnalystResult & { intent: Intent['kind']; lang: Lang }> {
  const { text, intent } = recogniseQuestion(question);
  const facts = new VersionFacts(ctx);
  const { kind, ...result } = await runIntent(facts, lang, intent, text);
  const answered = kind ?? intent.kind;
  // A property word the answer was not narrowed by is named, not silently dropped (issue 35).
  const filter = propertyFilterIn(text);
  // Whether the answer is about a property word is read from its data (the names it rests on), never its sentences.
  const names = namesIn(result.data);
  const note = PROPERTY_IS_SUBJECT.has(answered)
    ? null
    : NARROWING.has(answered)
      ? notAppliedNote(lang, text, names, filter?.name ?? null)
      : // These answers narrow by no property: IsExternal and LoadBearing are not applied either.
        notAppliedNote(lang, text, names, null, filter ? [filterWord(filter, lang)] : []);
  if (!note) return { ...result, intent: answered, lang };
  return {
    ...result,
    text: `${result.text}\n\n${note.text}`,
    data: { ...(result.data as Record<string, unknown>), notApplied: note.words },
    intent: answered,
    lang,
  };
}

/** The names an answer's data holds (specifications, properties, classes, topics): every text value but rendered ones. */
function namesIn(data: unknown, out: string[] = []): string[] {
  if (typeof data === 'string') out.push(data);
  else if (Array.isArray(data)) for (const item of data) namesIn(item, out);
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) if (key !== 'text') namesIn(value, out);
  return out;
}

/** Answers narrowed by the question's IsExternal or LoadBearing (scopeOf's property filter). */
const NARROWING = new Set<Intent['kind']>(['count', 'failing', 'by_class']);
/** Answers whose subject is a property or that answer no figure of elements: nothing to narrow. */
const PROPERTY_IS_SUBJECT = new Set<Intent['kind']>([
  'lacking',
  'missing',
  'unanswerable',
  'changes',
  'fix',
  'insights',
  'nothing',
]);

/** The answer; `kind` when another function than the recognised intent's answered it. */
async function runIntent(
  facts: VersionFacts,
  lang: Lang,
  intent: Intent,
  text: string,
): Promise<AnalystResult & { kind?: Intent['kind'] }> {
  switch (intent.kind) {
    case 'changes':
      return versionChanges(facts, {}, lang);
    case 'fix':
      return fixList(facts, lang);
    case 'insights': {
      // The chat box's own example: what the data can say about improving the model is its fix list.
      const answer = await fixList(facts, lang);
      const worst = (await facts.specs())
        .filter((s) => s.figures && s.figures.applicable > s.figures.compliant)
        .sort(
          (a, b) =>
            (b.figures?.applicable ?? 0) -
            (b.figures?.compliant ?? 0) -
            ((a.figures?.applicable ?? 0) - (a.figures?.compliant ?? 0)),
        )
        .slice(0, 3);
      const lead = say(lang, 'assistant.insights.lead');
      const most =
        worst.length > 0
          ? say(lang, 'assistant.insights.most', {
              specifications: worst
                .map(
                  (s) =>
                    `"${s.name}" (${num(lang, (s.figures?.applicable ?? 0) - (s.figures?.compliant ?? 0))})`,
                )
                .join(', '),
            })
          : '';
      return {
        ...answer,
        text: [lead, most, '', answer.text].filter((l, i) => l !== '' || i === 2).join('\n'),
      };
    }
    case 'nothing':
      return specificationsApplyingToNothing(facts, lang);
    case 'applicability':
      return applicability(facts, lang, {
        classes: intent.classes,
        specification: await specificationNamed(facts, text),
      });
    case 'lacking': {
      const property = await propertyInQuestion(facts, text);
      // Without a property it recognises, a question about some elements gets the honest reply, not
      // the project-wide list of missing properties.
      if (!property && intent.classes.length > 0)
        return { ...(await unanswerable(facts, lang)), kind: 'unanswerable' };
      if (!property) return missingProperties(facts, lang, {});
      return elementsLacking(facts, lang, {
        property: property.name,
        propertySet: property.propertySet,
        classes: intent.classes,
        externalOnly: asksExternal(text),
      });
    }
    case 'missing':
      return missingProperties(facts, lang, {});
    case 'by_storey':
      return complianceByStorey(facts, lang);
    case 'by_class': {
      const { classes, scope } = await scopeOf(facts, text, intent.classes);
      // 'How many doors passed?': a count of that status; 'Do the windows on the roof pass?': those failing there.
      if (
        scope.status &&
        /\b(how many|hoeveel|wie ?viele|number of|aantal|anzahl|combien|nombre d[e'])/.test(fold(text))
      )
        return { ...(await scopedCount(facts, lang, classes, scope)), kind: 'count' };
      if (scope.storey || scope.property)
        return {
          ...(await failingElements(facts, lang, {
            classes,
            storey: scope.storey,
            property: scope.property,
          })),
          kind: 'failing',
        };
      return complianceByClass(facts, lang, intent.classes);
    }
    case 'by_specification':
      return complianceBySpecification(facts, lang);
    case 'by_requirement':
      return complianceByRequirement(facts, lang);
    case 'failing': {
      const { classes, scope } = await scopeOf(facts, text, intent.classes);
      const topicIsWhere =
        intent.topic &&
        ((await storeyNamed(facts, intent.topic)) ||
          scope.storeyNoun ||
          /^(on|op|auf|in|please|graag|bitte|only|alleen|nur|are|is|there|them|they|zijn|er|sind|es|sur|au|dans|a|s'il|seulement|ils|elles)\b/.test(
            intent.topic,
          ));
      return failingElements(facts, lang, {
        topic: topicIsWhere ? null : intent.topic,
        classes,
        storey: scope.storey,
        // 'the External wall requirement': a qualifier word inside the named rule narrows nothing.
        property: intent.topic && !topicIsWhere && propertyFilterIn(intent.topic) ? null : scope.property,
        byLevel: scope.byLevel,
      });
    }
    case 'count': {
      const { classes, scope } = await scopeOf(facts, text, intent.classes);
      if (narrowed(scope)) return scopedCount(facts, lang, classes, scope);
      return countElements(facts, lang, { classes });
    }
    case 'compliance':
      return complianceSummary(facts, lang);
    case 'overview': {
      const { scope } = await scopeOf(facts, text, []);
      if (scope.storey) return { ...(await scopedCount(facts, lang, [], scope)), kind: 'count' };
      return modelOverview(facts, lang);
    }
    case 'unanswerable': {
      // 'Are the doors wide enough?': a kind of element and a word of a specification that checks it.
      const classes = classesInText(text.replace(/["“„«][^"”“»]*["”“»]/g, ' '));
      const spec = classes.length > 0 ? await specificationByWords(facts, text, classes) : null;
      if (spec)
        return { ...(await failingElements(facts, lang, { topic: spec.name, classes })), kind: 'failing' };
      return unanswerable(facts, lang);
    }
  }
}

/** One analyst function offered to a language model as a tool. */
export interface AnalystTool {
  description: string;
  input: z.ZodType<Record<string, unknown>>;
  /** `lang`: the asking person's language, the answer's unless the model asks for another. */
  run(facts: VersionFacts, args: Record<string, unknown>, lang: Lang): Promise<AnalystResult>;
}

const classesInput = z
  .array(z.string())
  .describe("IFC classes such as 'IfcWall' or plain words such as 'doors'; subtypes are included");
const langInput = z
  .enum(['en', 'de', 'fr', 'nl'])
  .optional()
  .describe("Language of the answer text (default: the asking person's)");
const langOf = (args: Record<string, unknown>, asker: Lang): Lang => (args.lang as Lang | undefined) ?? asker;
const classesOf = (args: Record<string, unknown>) =>
  resolveClasses((args.classes as string[] | undefined) ?? []);

/** The analyst's functions as tools: each reads the chosen version's real data, as the screens do. */
export const analystTools: Record<string, AnalystTool> = {
  model_overview: {
    description: 'Counts of the model elements by category and storey, and the building systems present.',
    input: z.object({ lang: langInput }),
    run: (facts, args, lang) => modelOverview(facts, langOf(args, lang)),
  },
  count_elements: {
    description: 'How many elements of some kinds there are, broken down per storey.',
    input: z.object({ classes: classesInput, lang: langInput }),
    run: (facts, args, lang) =>
      countElements(facts, langOf(args, lang), { classes: args.classes as string[] }),
  },
  compliance_summary: {
    description:
      'IDS compliance of the version: element checks meeting every requirement, elements by status, failing specifications.',
    input: z.object({ lang: langInput }),
    run: (facts, args, lang) => complianceSummary(facts, langOf(args, lang)),
  },
  compliance_by_storey: {
    description: 'Elements by compliance status (passed, warning, failed, not applicable) on each storey.',
    input: z.object({ lang: langInput }),
    run: (facts, args, lang) => complianceByStorey(facts, langOf(args, lang)),
  },
  compliance_by_class: {
    description: 'Elements by compliance status for each IFC class, optionally only some classes.',
    input: z.object({ classes: classesInput.optional(), lang: langInput }),
    run: (facts, args, lang) => complianceByClass(facts, langOf(args, lang), classesOf(args)),
  },
  compliance_by_specification: {
    description:
      'Each IDS specification: applicable elements, how many do not meet it (warning, failed), compliance rate.',
    input: z.object({ lang: langInput }),
    run: (facts, args, lang) => complianceBySpecification(facts, langOf(args, lang)),
  },
  compliance_by_requirement: {
    description:
      'For each requirement of each specification, how many applicable elements fail it, most first.',
    input: z.object({ lang: langInput }),
    run: (facts, args, lang) => complianceByRequirement(facts, langOf(args, lang)),
  },
  failing_elements: {
    description:
      'Elements that do not meet IDS specifications, with the reasons, only from specifications that apply to the given element kinds. Narrow by topic (words from the rule, e.g. "fire rating").',
    input: z.object({
      topic: z.string().optional().describe('What the rule is about, e.g. "fire rating" or "LoadBearing"'),
      classes: classesInput.optional(),
      lang: langInput,
    }),
    run: (facts, args, lang) =>
      failingElements(facts, langOf(args, lang), {
        topic: args.topic as string | undefined,
        classes: classesOf(args),
      }),
  },
  elements_lacking_property: {
    description:
      'The elements (of some kinds, optionally only external ones) that lack a property or have it without a value; each one cited.',
    input: z.object({
      property: z
        .string()
        .describe('Property name as in the model, e.g. "ThermalTransmittance", "FireRating"'),
      propertySet: z.string().optional(),
      classes: classesInput.optional(),
      externalOnly: z.boolean().optional(),
      lang: langInput,
    }),
    run: (facts, args, lang) =>
      elementsLacking(facts, langOf(args, lang), {
        property: args.property as string,
        propertySet: (args.propertySet as string | undefined) ?? null,
        classes: classesOf(args),
        externalOnly: args.externalOnly === true,
      }),
  },
  missing_properties: {
    description:
      'Which required properties (and attributes, classifications, materials) are most often missing.',
    input: z.object({ limit: z.number().int().min(1).max(50).optional(), lang: langInput }),
    run: (facts, args, lang) =>
      missingProperties(facts, langOf(args, lang), { limit: args.limit as number | undefined }),
  },
  fix_list: {
    description:
      'A prioritised fix list: changes ranked by failed requirement checks cleared per change, one change per element type where the requirement can be set on the type.',
    input: z.object({ lang: langInput }),
    run: (facts, args, lang) => fixList(facts, langOf(args, lang)),
  },
  specification_applicability: {
    description:
      'Which specifications apply to elements of some kinds in this model (or whether one named specification does).',
    input: z.object({
      classes: classesInput,
      specification: z.string().optional().describe('The specification name, when asking about one'),
      lang: langInput,
    }),
    run: async (facts, args, lang) =>
      applicability(facts, langOf(args, lang), {
        classes: classesOf(args),
        specification: args.specification
          ? await specificationNamed(facts, args.specification as string)
          : null,
      }),
  },
  version_changes: {
    description:
      'What changed since the previous processed version: elements added, removed, changed, and compliance.',
    input: z.object({}),
    run: (facts, _args, lang) => versionChanges(facts, {}, lang),
  },
};
