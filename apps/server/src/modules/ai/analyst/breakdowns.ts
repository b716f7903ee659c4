import type { ComplianceStatus } from '@plumbline/contracts';
import { classLabel, kindName } from './classes';
import { facetLabel } from './facets';
import type { SpecFigures, VersionFacts } from './facts';
import { type Lang, pct, say } from './language';
import { type AnalystResult, Citations } from './types';

/**
 * Compliance broken down by storey, by class, by specification and by requirement. Element
 * statuses are the 3D legend's and the IDS Compliance cards' (each element's worst status over the
 * active specifications); specification figures are the Compliance tab's.
 */

export function noIds(lang: Lang): AnalystResult {
  return {
    text: say(lang, 'assistant.noIds'),
    data: { specifications: [] },
    citations: new Citations(),
  };
}

type Tally = Record<ComplianceStatus, number>;
const emptyTally = (): Tally => ({ passed: 0, waived: 0, warning: 0, failed: 0, not_applicable: 0 });

function tallyLine(lang: Lang, t: Tally): string {
  return say(lang, 'assistant.tally', {
    passed: t.passed,
    waived: t.waived,
    warning: t.warning,
    failed: t.failed,
    notApplicable: t.not_applicable,
  });
}

/** The whole version: element checks passed (the Compliance tab) and elements by status (the cards). */
export async function complianceSummary(facts: VersionFacts, lang: Lang): Promise<AnalystResult> {
  const specs = (await facts.specs()).filter((s) => s.figures);
  if (specs.length === 0) return noIds(lang);
  const [file, statuses] = await Promise.all([facts.fileFigures(), facts.statuses()]);
  const v = facts.version.versionTag;
  const failing = specs
    .filter((s) => (s.figures?.applicable ?? 0) > (s.figures?.compliant ?? 0))
    .sort((a, b) => notCompliant(b) - notCompliant(a));
  const ids = file.ids_compliance;
  const text = [
    // The Overview card's figure first (issue 35: one definition, named by what it is a share of).
    say(lang, 'assistant.summary.idsCompliance', {
      version: v,
      rate: pct(lang, ids.compliance_rate),
      compliant: ids.compliant_elements,
      applicable: ids.applicable_elements,
    }),
    say(lang, 'assistant.summary.checks', {
      version: v,
      compliant: file.compliant_pairs,
      applicable: file.applicable_pairs,
      rate: pct(lang, file.compliance_rate),
      specifications: specs.length,
    }),
    say(lang, 'assistant.summary.byStatus', {
      elements: facts.version.elementsCount,
      tally: tallyLine(lang, statuses.summary),
    }),
    ...(failing.length > 0
      ? [
          '',
          say(lang, 'assistant.summary.failingHead'),
          ...failing.slice(0, 10).map((s) => `- ${specLine(lang, s)}`),
        ]
      : []),
  ].join('\n');
  return {
    text,
    data: {
      version: v,
      compliantChecks: file.compliant_pairs,
      applicableChecks: file.applicable_pairs,
      complianceRate: file.compliance_rate,
      idsCompliance: ids.compliance_rate,
      elementsByStatus: statuses.summary,
      elements: facts.version.elementsCount,
      failingSpecifications: failing.slice(0, 10).map((s) => s.name),
    },
    citations: await failingCitations(facts),
  };
}

function notCompliant(s: SpecFigures): number {
  return (s.figures?.applicable ?? 0) - (s.figures?.compliant ?? 0);
}

/** 'Walls have a fire rating: 12 of 40 applicable elements do not meet it (Warning 2, Failed 10; 70% compliant)'. */
export function specLine(lang: Lang, s: SpecFigures): string {
  const f = s.figures;
  if (!f) return say(lang, 'assistant.spec.notChecked', { name: s.name });
  if (f.applicable === 0) return say(lang, 'assistant.spec.noApplicable', { name: s.name });
  return say(lang, 'assistant.spec.line', {
    name: s.name,
    notMeeting: f.applicable - f.compliant,
    applicable: f.applicable,
    waived: f.waived,
    warning: f.warning,
    failed: f.failed,
    rate: pct(lang, f.complianceRate),
  });
}

/** Elements whose worst status is failed or warning, as citations (the legend's red and amber). */
async function failingCitations(
  facts: VersionFacts,
  keep?: (e: { level: string | null; ifcClass: string }) => boolean,
) {
  const [statuses, elements] = await Promise.all([facts.statuses(), facts.elements()]);
  const citations = new Citations();
  for (const e of elements) {
    const s = statuses.byStep.get(e.stepId);
    if ((s === 'failed' || s === 'warning') && (!keep || keep(e))) citations.add(e);
  }
  return citations;
}

async function grouped(facts: VersionFacts, key: (e: { level: string | null; ifcClass: string }) => string) {
  const [statuses, elements] = await Promise.all([facts.statuses(), facts.elements()]);
  const groups = new Map<string, Tally>();
  for (const e of elements) {
    const k = key(e);
    const t = groups.get(k) ?? emptyTally();
    t[statuses.byStep.get(e.stepId) ?? 'not_applicable'] += 1;
    groups.set(k, t);
  }
  return groups;
}

const applicableIn = (t: Tally) => t.passed + t.waived + t.warning + t.failed;

/** Elements by status on each storey. */
export async function complianceByStorey(facts: VersionFacts, lang: Lang): Promise<AnalystResult> {
  if ((await facts.specs()).every((s) => !s.figures)) return noIds(lang);
  const groups = await grouped(facts, (e) => e.level ?? say(lang, 'assistant.noStorey'));
  const rows = [...groups].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }));
  const text = [
    say(lang, 'assistant.byStorey.head', { version: facts.version.versionTag }),
    ...rows.map(
      ([storey, t]) => `- ${say(lang, 'assistant.listLine', { name: storey, value: tallyLine(lang, t) })}`,
    ),
  ].join('\n');
  return {
    text,
    data: { version: facts.version.versionTag, byStorey: Object.fromEntries(rows) },
    citations: await failingCitations(facts),
  };
}

/** Elements by status for each class (labelled as the schema spells it, standard cases merged). */
export async function complianceByClass(
  facts: VersionFacts,
  lang: Lang,
  classes: readonly string[] = [],
): Promise<AnalystResult> {
  if ((await facts.specs()).every((s) => !s.figures)) return noIds(lang);
  const only = new Set(classes);
  const groups = await grouped(facts, (e) =>
    only.size === 0 || only.has(e.ifcClass) ? classLabel(e.ifcClass) : '',
  );
  groups.delete('');
  const rows = [...groups]
    .filter(([, t]) => applicableIn(t) > 0 || only.size > 0)
    .sort((a, b) => b[1].failed + b[1].warning - (a[1].failed + a[1].warning) || a[0].localeCompare(b[0]));
  const untouched = [...groups].filter(([, t]) => applicableIn(t) === 0).length;
  const text = [
    say(lang, 'assistant.byClass.head', { version: facts.version.versionTag }),
    ...rows
      .slice(0, 25)
      .map(
        ([label, t]) => `- ${say(lang, 'assistant.listLine', { name: label, value: tallyLine(lang, t) })}`,
      ),
    ...(only.size === 0 && untouched > 0
      ? [say(lang, 'assistant.byClass.untouched', { count: untouched })]
      : []),
  ].join('\n');
  return {
    text,
    data: { version: facts.version.versionTag, byClass: Object.fromEntries(rows) },
    citations: await failingCitations(facts, (e) => only.size === 0 || only.has(e.ifcClass)),
  };
}

/** Each active specification's figures, as the Compliance tab shows them. */
export async function complianceBySpecification(facts: VersionFacts, lang: Lang): Promise<AnalystResult> {
  const specs = await facts.specs();
  if (specs.every((s) => !s.figures)) return noIds(lang);
  const text = [
    say(lang, 'assistant.bySpecification.head', { version: facts.version.versionTag }),
    ...specs.map((s) => {
      const f = s.figures;
      if (!f || f.applicable === 0 || f.applicable > f.compliant) return `- ${specLine(lang, s)}`;
      return `- ${say(lang, 'assistant.bySpecification.allMeet', { name: s.name, applicable: f.applicable })}`;
    }),
  ].join('\n');
  return {
    text,
    data: {
      specifications: specs.map((s) => ({
        name: s.name,
        idsFile: s.idsFileName,
        ...(s.figures ?? { notChecked: true }),
      })),
    },
    citations: await failingCitations(facts),
  };
}

/** For each requirement of each specification, how many applicable elements fail it (the inspector's facet results). */
export async function complianceByRequirement(
  facts: VersionFacts,
  lang: Lang,
  specFilter?: (s: SpecFigures) => boolean,
): Promise<AnalystResult> {
  const specs = (await facts.specs()).filter((s) => s.figures && (!specFilter || specFilter(s)));
  if (specs.length === 0) return noIds(lang);
  const rows: { spec: string; requirement: string; failing: number; applicable: number }[] = [];
  const citations = new Citations();
  for (const s of specs) {
    const results = await facts.results(s.id);
    s.requirementFacets.forEach((facet, index) => {
      const failing = results.filter((r) => r.facet_results.requirements[index]?.passed === false);
      rows.push({
        spec: s.name,
        requirement: facetLabel(lang, facet),
        failing: failing.length,
        applicable: results.length,
      });
    });
    for (const r of results)
      if (!r.meets_requirements && r.global_id)
        citations.add({ globalId: r.global_id, ifcClass: r.ifc_class ?? '' });
  }
  const failingRows = rows.filter((r) => r.failing > 0).sort((a, b) => b.failing - a.failing);
  const met = rows.length - failingRows.length;
  const text = [
    say(lang, 'assistant.byRequirement.head', { version: facts.version.versionTag }),
    ...failingRows.slice(0, 15).map(
      (r) =>
        `- ${say(lang, 'assistant.byRequirement.line', {
          requirement: r.requirement,
          specification: r.spec,
          failing: r.failing,
          applicable: r.applicable,
        })}`,
    ),
    ...(failingRows.length > 15
      ? [`- ${say(lang, 'assistant.more', { count: failingRows.length - 15 })}`]
      : []),
    say(lang, 'assistant.byRequirement.met', { met, requirements: rows.length }),
  ].join('\n');
  return { text, data: { requirements: rows }, citations };
}

/** 'Wall' → 'walls' for the answer's language. */
export function kinds(lang: Lang, labels: readonly string[], n: number): string {
  return labels.map((l) => kindName(lang, l, n)).join('/');
}
