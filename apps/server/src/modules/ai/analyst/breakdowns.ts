import type { ComplianceStatus } from '@plumbline/contracts';
import { classLabel, kindName } from './classes';
import { facetLabel } from './facets';
import type { SpecFigures, VersionFacts } from './facts';
import { type Lang, num, pct, STATUS_WORDS, say } from './language';
import { type AnalystResult, Citations } from './types';

/**
 * Compliance broken down by storey, by class, by specification and by requirement. Element
 * statuses are the 3D legend's and the IDS Compliance cards' (each element's worst status over the
 * active specifications); specification figures are the Compliance tab's.
 */

export function noIds(lang: Lang): AnalystResult {
  return {
    text: say(lang, {
      en: 'No IDS rules have been checked against this version yet. Upload an IDS file to the project (or switch one on) and it will be checked automatically.',
      nl: 'Deze versie is nog niet tegen IDS-regels gecontroleerd. Upload een IDS-bestand in het project (of zet er een aan); het wordt dan automatisch gecontroleerd.',
      de: 'Diese Version wurde noch gegen keine IDS-Regeln geprüft. Laden Sie eine IDS-Datei in das Projekt hoch (oder aktivieren Sie eine); sie wird dann automatisch geprüft.',
    }),
    data: { specifications: [] },
    citations: new Citations(),
  };
}

const NO_STOREY = { en: '(no storey)', nl: '(geen verdieping)', de: '(kein Geschoss)' };

type Tally = Record<ComplianceStatus, number>;
const emptyTally = (): Tally => ({ passed: 0, waived: 0, warning: 0, failed: 0, not_applicable: 0 });

function tallyLine(lang: Lang, t: Tally): string {
  const w = STATUS_WORDS[lang];
  return `${w.passed} ${num(lang, t.passed)}, ${w.waived} ${num(lang, t.waived)}, ${w.warning} ${num(lang, t.warning)}, ${w.failed} ${num(lang, t.failed)}, ${w.not_applicable} ${num(lang, t.not_applicable)}`;
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
    say(lang, {
      en: `IDS compliance of version ${v}: ${pct(lang, ids.compliance_rate)} of applicable elements (${num(lang, ids.compliant_elements)} of ${num(lang, ids.applicable_elements)} meet every requirement).`,
      nl: `IDS-conformiteit van versie ${v}: ${pct(lang, ids.compliance_rate)} van de toepasselijke elementen (${num(lang, ids.compliant_elements)} van ${num(lang, ids.applicable_elements)} voldoen aan alle eisen).`,
      de: `IDS-Konformität von Version ${v}: ${pct(lang, ids.compliance_rate)} der betroffenen Elemente (${num(lang, ids.compliant_elements)} von ${num(lang, ids.applicable_elements)} erfüllen alle Anforderungen).`,
    }),
    say(lang, {
      en: `Version ${v}: ${num(lang, file.compliant_pairs)} of ${num(lang, file.applicable_pairs)} element checks meet every requirement (${pct(lang, file.compliance_rate)}), over ${num(lang, specs.length)} specifications.`,
      nl: `Versie ${v}: ${num(lang, file.compliant_pairs)} van ${num(lang, file.applicable_pairs)} elementcontroles voldoen aan alle eisen (${pct(lang, file.compliance_rate)}), over ${num(lang, specs.length)} specificaties.`,
      de: `Version ${v}: ${num(lang, file.compliant_pairs)} von ${num(lang, file.applicable_pairs)} Elementprüfungen erfüllen alle Anforderungen (${pct(lang, file.compliance_rate)}), über ${num(lang, specs.length)} Spezifikationen.`,
    }),
    say(lang, {
      en: `Elements by status (of ${num(lang, facts.version.elementsCount)}): ${tallyLine(lang, statuses.summary)}.`,
      nl: `Elementen per status (van ${num(lang, facts.version.elementsCount)}): ${tallyLine(lang, statuses.summary)}.`,
      de: `Elemente nach Status (von ${num(lang, facts.version.elementsCount)}): ${tallyLine(lang, statuses.summary)}.`,
    }),
    ...(failing.length > 0
      ? [
          '',
          say(lang, {
            en: 'Specifications with elements not meeting them, most first:',
            nl: 'Specificaties met elementen die er niet aan voldoen, meeste eerst:',
            de: 'Spezifikationen mit nicht erfüllenden Elementen, die meisten zuerst:',
          }),
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
  if (!f)
    return say(lang, {
      en: `${s.name}: not checked on this version`,
      nl: `${s.name}: niet gecontroleerd op deze versie`,
      de: `${s.name}: in dieser Version nicht geprüft`,
    });
  if (f.applicable === 0)
    return say(lang, {
      en: `${s.name}: no applicable elements in this model`,
      nl: `${s.name}: geen elementen in dit model waarop hij van toepassing is`,
      de: `${s.name}: keine anwendbaren Elemente in diesem Modell`,
    });
  const w = STATUS_WORDS[lang];
  const bad = f.applicable - f.compliant;
  return say(lang, {
    en: `${s.name}: ${num(lang, bad)} of ${num(lang, f.applicable)} applicable elements do not meet it (${w.waived} ${num(lang, f.waived)}, ${w.warning} ${num(lang, f.warning)}, ${w.failed} ${num(lang, f.failed)}; ${pct(lang, f.complianceRate)} compliant)`,
    nl: `${s.name}: ${num(lang, bad)} van ${num(lang, f.applicable)} elementen voldoen er niet aan (${w.waived} ${num(lang, f.waived)}, ${w.warning} ${num(lang, f.warning)}, ${w.failed} ${num(lang, f.failed)}; ${pct(lang, f.complianceRate)} voldoet)`,
    de: `${s.name}: ${num(lang, bad)} von ${num(lang, f.applicable)} anwendbaren Elementen erfüllen sie nicht (${w.waived} ${num(lang, f.waived)}, ${w.warning} ${num(lang, f.warning)}, ${w.failed} ${num(lang, f.failed)}; ${pct(lang, f.complianceRate)} konform)`,
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
  const groups = await grouped(facts, (e) => e.level ?? NO_STOREY[lang]);
  const rows = [...groups].sort((a, b) => a[0].localeCompare(b[0], 'en', { numeric: true }));
  const text = [
    say(lang, {
      en: `Compliance by storey in version ${facts.version.versionTag} (elements by their worst status over the checked specifications):`,
      nl: `Naleving per verdieping in versie ${facts.version.versionTag} (elementen naar hun slechtste status over de gecontroleerde specificaties):`,
      de: `Konformität nach Geschoss in Version ${facts.version.versionTag} (Elemente nach ihrem schlechtesten Status über die geprüften Spezifikationen):`,
    }),
    ...rows.map(([storey, t]) => `- ${storey}: ${tallyLine(lang, t)}`),
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
    say(lang, {
      en: `Compliance by class in version ${facts.version.versionTag} (elements by their worst status), most problems first:`,
      nl: `Naleving per klasse in versie ${facts.version.versionTag} (elementen naar hun slechtste status), meeste problemen eerst:`,
      de: `Konformität nach Klasse in Version ${facts.version.versionTag} (Elemente nach ihrem schlechtesten Status), die meisten Probleme zuerst:`,
    }),
    ...rows.slice(0, 25).map(([label, t]) => `- ${label}: ${tallyLine(lang, t)}`),
    ...(only.size === 0 && untouched > 0
      ? [
          say(lang, {
            en: `${num(lang, untouched)} other classes have no element any specification applies to.`,
            nl: `${num(lang, untouched)} andere klassen hebben geen element waarop een specificatie van toepassing is.`,
            de: `${num(lang, untouched)} weitere Klassen haben kein Element, auf das eine Spezifikation anwendbar ist.`,
          }),
        ]
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
    say(lang, {
      en: `Each specification on version ${facts.version.versionTag}:`,
      nl: `Elke specificatie op versie ${facts.version.versionTag}:`,
      de: `Jede Spezifikation in Version ${facts.version.versionTag}:`,
    }),
    ...specs.map((s) => {
      const f = s.figures;
      if (!f || f.applicable === 0 || f.applicable > f.compliant) return `- ${specLine(lang, s)}`;
      return say(lang, {
        en: `- ${s.name}: all ${num(lang, f.applicable)} applicable elements meet it (100% compliant)`,
        nl: `- ${s.name}: alle ${num(lang, f.applicable)} elementen voldoen eraan (100% voldoet)`,
        de: `- ${s.name}: alle ${num(lang, f.applicable)} anwendbaren Elemente erfüllen sie (100% konform)`,
      });
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
        requirement: facetLabel(facet),
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
    say(lang, {
      en: `Requirements failed most often in version ${facts.version.versionTag}:`,
      nl: `Eisen waar in versie ${facts.version.versionTag} het vaakst niet aan wordt voldaan:`,
      de: `Am häufigsten nicht erfüllte Anforderungen in Version ${facts.version.versionTag}:`,
    }),
    ...failingRows.slice(0, 15).map((r) =>
      say(lang, {
        en: `- ${r.requirement} (${r.spec}): failed by ${num(lang, r.failing)} of ${num(lang, r.applicable)} applicable elements`,
        nl: `- ${r.requirement} (${r.spec}): niet gehaald door ${num(lang, r.failing)} van ${num(lang, r.applicable)} elementen`,
        de: `- ${r.requirement} (${r.spec}): von ${num(lang, r.failing)} von ${num(lang, r.applicable)} anwendbaren Elementen nicht erfüllt`,
      }),
    ),
    ...(failingRows.length > 15 ? [`- … ${num(lang, failingRows.length - 15)}`] : []),
    say(lang, {
      en: `${num(lang, met)} of ${num(lang, rows.length)} requirements are met by every applicable element (or apply to none).`,
      nl: `${num(lang, met)} van ${num(lang, rows.length)} eisen worden door elk element gehaald (of gelden voor geen enkel).`,
      de: `${num(lang, met)} von ${num(lang, rows.length)} Anforderungen werden von jedem anwendbaren Element erfüllt (oder gelten für keines).`,
    }),
  ].join('\n');
  return { text, data: { requirements: rows }, citations };
}

/** 'Wall' → 'walls' for the answer's language. */
export function kinds(lang: Lang, labels: readonly string[], n: number): string {
  return labels.map((l) => kindName(lang, l, n)).join('/');
}
