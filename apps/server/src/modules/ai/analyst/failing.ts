import type { FacetComplianceResult, FacetFailureDto } from '@plumbline/contracts';
import type { FailureKind } from '@plumbline/ids';
import { storedFailureText, wordsFor } from '../../compliance';
import { classLabel, kindName } from './classes';
import { facetWords } from './facets';
import type { SpecFigures, VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { elementsWithValue, filterWord, type PropertyFilter } from './scope';
import { squash } from './text';
import { type AnalystResult, Citations } from './types';

/** Whether a specification is about a topic: its name, description or requirement facets mention it. */
export function specificationMentions(spec: SpecFigures, topic: string): boolean {
  const needle = squash(topic);
  if (needle.length === 0) return true;
  const haystack = squash(
    [spec.name, spec.description ?? '', ...spec.requirementFacets.map(facetWords)].join(' '),
  );
  return haystack.includes(needle);
}

/** The applicable elements of a specification that are of some classes (all of them when no class is given). */
export async function applicableOf(
  facts: VersionFacts,
  spec: SpecFigures,
  classes: ReadonlySet<string> | null,
): Promise<FacetComplianceResult[]> {
  if (!spec.figures || spec.figures.applicable === 0) return [];
  const rows = await facts.results(spec.id);
  return classes ? rows.filter((r) => classes.has(r.ifc_class ?? '')) : rows;
}

export interface FailingArgs {
  /** What the rule is about, e.g. 'fire rating'; matched against specification names and facets. */
  topic?: string | null;
  /** Only elements of these classes (upper-case, subtypes included). */
  classes?: string[];
  /** Only elements on this storey (its name as stored). */
  storey?: string | null;
  /** Only elements holding this property value ('external walls'). */
  property?: PropertyFilter | null;
  /** A breakdown of the failing elements per storey (a follow-up line asked for it). */
  byLevel?: boolean;
}

/**
 * Elements that do not meet specifications (about a topic, of some classes) and why. Only the
 * specifications that apply to those classes are considered; when none does, the answer says so
 * and names what does check the topic, instead of reporting "no failures".
 */
export async function failingElements(
  facts: VersionFacts,
  lang: Lang,
  args: FailingArgs,
): Promise<AnalystResult> {
  const specs = (await facts.specs()).filter((s) => s.figures);
  const topic = args.topic?.trim() || null;
  const classSet = args.classes && args.classes.length > 0 ? new Set(args.classes) : null;
  const labels = classSet ? [...new Set([...classSet].map(classLabel))] : [];
  const word = args.property?.word ? `${filterWord(args.property, lang)} ` : '';
  const what = (n: number) =>
    labels.length > 0
      ? word + labels.map((l) => kindName(lang, l, n)).join('/')
      : say(lang, 'assistant.elements', { count: n });
  const about = topic ? specs.filter((s) => specificationMentions(s, topic)) : specs;
  if (topic && about.length === 0) {
    return {
      text: say(lang, 'assistant.failing.noTopic', {
        topic,
        specifications: specs.map((s) => s.name).join('; '),
      }),
      data: { topic, matchedSpecifications: [] },
      citations: new Citations(),
    };
  }
  // Of those, the ones that apply to the asked classes in this model.
  const elements = new Map((await facts.elements()).map((e) => [e.stepId, e]));
  const storey = args.storey ?? null;
  const having = args.property ? await elementsWithValue(facts, args.property) : null;
  const applying: { spec: SpecFigures; rows: FacetComplianceResult[] }[] = [];
  for (const spec of about) {
    const rows = (await applicableOf(facts, spec, classSet)).filter(
      (r) =>
        (!storey || elements.get(r.viewer_db_id)?.level === storey) &&
        (!having || having.has(r.viewer_db_id)),
    );
    if (rows.length > 0) applying.push({ spec, rows });
  }
  if (applying.length === 0) {
    const elsewhere: string[] = [];
    for (const spec of about) {
      const rows = await applicableOf(facts, spec, null);
      const applied = [...new Set(rows.map((r) => classLabel(r.ifc_class ?? '')))];
      if (applied.length > 0)
        elsewhere.push(`"${spec.name}" (${applied.map((l) => kindName(lang, l, 2)).join(', ')})`);
    }
    return {
      text: [
        say(lang, 'assistant.failing.noneApplies', {
          hasTopic: topic ? 'yes' : 'no',
          topic: topic ?? '',
          what: what(2),
          hasStorey: storey ? 'yes' : 'no',
          storey: storey ?? '',
        }),
        ...(elsewhere.length > 0
          ? [
              say(lang, 'assistant.failing.checkedElsewhere', {
                hasTopic: topic ? 'yes' : 'no',
                topic: topic ?? '',
                specifications: elsewhere.join('; '),
              }),
            ]
          : []),
      ].join('\n'),
      data: { topic, classes: labels, applyingSpecifications: [], checkedElsewhere: elsewhere },
      citations: new Citations(),
    };
  }
  const failing = applying.flatMap(({ spec, rows }) =>
    rows.filter((r) => !r.meets_requirements).map((r) => ({ spec, row: r })),
  );
  const drivers = applying.filter(({ spec }) => failing.some((f) => f.spec === spec));
  const elementsFailing = new Set(failing.map((f) => f.row.viewer_db_id)).size;
  const checked = new Set(applying.flatMap(({ rows }) => rows.map((r) => r.viewer_db_id))).size;
  const explicit =
    args.property && !args.property.word
      ? say(lang, 'assistant.withValue', {
          property: `${args.property.propertySet ? `${args.property.propertySet}.` : ''}${args.property.name}`,
          value: args.property.value,
        })
      : '';
  const topicText = [
    topic ? `"${topic}"` : '',
    explicit,
    storey ? say(lang, 'assistant.onStorey', { storey }) : '',
  ]
    .filter(Boolean)
    .map((part) => ` ${part}`)
    .join('');
  if (failing.length === 0) {
    return {
      text: say(lang, 'assistant.failing.allMeet', {
        checked,
        what: what(checked),
        scope: topicText,
        version: facts.version.versionTag,
        specifications: applying.map((a) => `"${a.spec.name}"`).join(', '),
      }),
      data: { topic, failingElements: 0, checkedElements: checked },
      citations: new Citations(),
    };
  }
  // Failures grouped by what the engine found (facet, finding, subject, values), never by a sentence;
  // each group, and each example, said in the answer's language.
  const reasonOf = reasonWords(lang, failing);
  const reasons = new Map<string, { text: string; n: number }>();
  for (const { spec, row } of failing)
    for (const f of row.failures) {
      const key = JSON.stringify([spec.id, f.facet_id, f.kind ?? f.reason, f.subject, f.actual]);
      const group = reasons.get(key) ?? { text: reasonOf(spec, f), n: 0 };
      group.n += 1;
      reasons.set(key, group);
    }
  const text = [
    say(lang, 'assistant.failing.head', {
      failing: elementsFailing,
      checked,
      what: what(checked),
      scope: topicText,
      version: facts.version.versionTag,
    }),
    ...(args.byLevel ? byLevelLines(lang, failing, elements) : []),
    '',
    say(lang, 'assistant.bySpecificationLabel'),
    ...drivers.map(({ spec, rows }) => {
      const n = rows.filter((r) => !r.meets_requirements).length;
      return `- ${say(lang, 'assistant.nOfTotal', { name: spec.name, n, total: rows.length })}`;
    }),
    '',
    say(lang, 'assistant.why'),
    ...[...reasons.values()]
      .sort((a, b) => b.n - a.n || a.text.localeCompare(b.text))
      .slice(0, 8)
      .map(({ text: reason, n }) => `- ${reason} (${num(lang, n)})`),
    '',
    say(lang, 'assistant.forExample'),
    ...failing.slice(0, 8).map(({ spec, row }) => {
      const e = elements.get(row.viewer_db_id);
      const name = row.name ? ` "${row.name}"` : '';
      const where = e?.level ? ` (${e.level})` : '';
      const which = drivers.length > 1 ? ` [${spec.name}]` : '';
      return `- ${classLabel(row.ifc_class ?? '')}${name}${where}: ${row.failures.map((f) => reasonOf(spec, f)).join('; ')}${which}`;
    }),
  ].join('\n');
  const citations = new Citations();
  for (const { row } of failing)
    if (row.global_id) citations.add({ globalId: row.global_id, ifcClass: row.ifc_class ?? '' });
  return {
    text,
    data: {
      topic,
      classes: labels,
      failingElements: elementsFailing,
      checkedElements: checked,
      specifications: drivers.map(({ spec, rows }) => ({
        name: spec.name,
        requirements: spec.requirementFacets.map(facetWords),
        applicable: rows.length,
        notMeeting: rows.filter((r) => !r.meets_requirements).length,
      })),
      reasons: Object.fromEntries(reasons),
    },
    citations,
  };
}

/** The failing elements per storey (each element once), storeys in name order. */
function byLevelLines(
  lang: Lang,
  failing: readonly { row: FacetComplianceResult }[],
  elements: ReadonlyMap<number, { level: string | null }>,
): string[] {
  const seen = new Set<number>();
  const byLevel = new Map<string, number>();
  for (const { row } of failing) {
    if (seen.has(row.viewer_db_id)) continue;
    seen.add(row.viewer_db_id);
    const level = elements.get(row.viewer_db_id)?.level ?? '—';
    byLevel.set(level, (byLevel.get(level) ?? 0) + 1);
  }
  return [
    '',
    say(lang, 'assistant.byStoreyLabel'),
    ...[...byLevel]
      .sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }))
      .map(([level, n]) => `- ${say(lang, 'assistant.listLine', { name: level, value: num(lang, n) })}`),
  ];
}

/**
 * A failure of a result row in the answer's language, from its structured fields and the
 * specification's requirement facet (the row's own `reason` is in the language of the read).
 */
function reasonWords(lang: Lang, failing: readonly { spec: SpecFigures }[]) {
  const words = wordsFor(lang);
  const facetsOf = new Map(failing.map(({ spec }) => [spec.id, spec.requirementFacets]));
  return (spec: SpecFigures, f: FacetFailureDto): string => {
    const facets = facetsOf.get(spec.id) ?? [];
    const facetIndex = facets.findIndex((facet) => facet.id === f.facet_id);
    if (!f.kind || facetIndex < 0) return f.reason;
    return storedFailureText(
      words,
      {
        facetIndex,
        type: f.facet_type,
        outcome: f.outcome,
        kind: f.kind as FailureKind,
        ...(f.subject === null ? {} : { subject: f.subject }),
        actual: f.actual,
      },
      facets[facetIndex],
    );
  };
}
