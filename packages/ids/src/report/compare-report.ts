/**
 * `plumbline compare`'s reports (issue 30): JSON in the documented shape, a self-contained HTML page
 * and a BCF archive of the new failures. All three are pure functions of `compareFiles`' result; every
 * reason is rendered from the structured failure (finding-reason.ts).
 */
import type { ComparedFiles } from '../compare-files';
import type { FindingChange, VersionComparison } from '../identity/compare';
import type { MatchCounts } from '../identity/element-matcher';
import type { VersionFindings } from '../identity/findings';
import type { CheckReport, ElementResult, FacetFailure, FacetSummary, SpecificationResult } from '../results';
import { type BcfReportOptions, writeBcfReport } from './bcf';
import type { BcfIdentity } from './bcf-identity';
import { escapeHtml as e } from './escape';
import { findingMessage, renderFindingMessage } from './finding-reason';

type Compared = Extract<ComparedFiles, { status: 'compared' }>;

export interface CompareJsonElement {
  readonly globalId: string | null;
  readonly name: string | null;
  readonly class: string;
  readonly reason: string;
}

export interface CompareJsonSpecification {
  readonly name: string;
  readonly identifier: string | null;
  readonly new: readonly CompareJsonElement[];
  readonly resolved: readonly CompareJsonElement[];
  readonly removed: readonly CompareJsonElement[];
  readonly persisting: number;
}

export interface CompareJsonReport {
  readonly specifications: readonly CompareJsonSpecification[];
  readonly elements: MatchCounts;
}

function elementOf(compared: Compared, change: FindingChange): CompareJsonElement {
  const version: VersionFindings = change.kind === 'removed' ? compared.old : compared.next;
  const s = version.elements;
  const facet = change.failure.facetIndex === null ? null : compared.requirements.get(change.requirementKey);
  return {
    globalId: s.globalId[change.element] ?? null,
    name: s.name[change.element] ?? null,
    class: s.ifcClass[change.element] ?? '',
    reason: renderFindingMessage(findingMessage(facet, change.failure)),
  };
}

/** The comparison in the JSON shape the README documents. */
export function toCompareJson(compared: Compared): CompareJsonReport {
  return {
    specifications: compared.comparison.specifications.map((spec) => {
      const list = (kind: FindingChange['kind']) =>
        spec.changes.filter((c) => c.kind === kind).map((c) => elementOf(compared, c));
      return {
        name: spec.name,
        identifier: spec.identifier,
        new: list('new'),
        resolved: list('resolved'),
        removed: list('removed'),
        persisting: spec.counts.persisting,
      };
    }),
    elements: compared.comparison.match.counts,
  };
}

/** Whether anything newly fails: the command's exit code 1. */
export function hasNewFailures(compared: Compared): boolean {
  return compared.comparison.specifications.some((spec) => spec.counts.new > 0);
}

/** A one-page HTML summary and lists, self-contained (no network requests), everything escaped. */
export function renderCompareHtml(compared: Compared, titles: { old: string; next: string }): string {
  const json = toCompareJson(compared);
  const m = json.elements;
  const rows = (label: string, items: readonly CompareJsonElement[]) =>
    items.length === 0
      ? ''
      : `<h3>${e(label)} (${items.length})</h3><table><thead><tr><th>GlobalId</th><th>Name</th><th>Class</th><th>Reason</th></tr></thead><tbody>${items
          .map(
            (i) =>
              `<tr><td><code>${e(i.globalId ?? '')}</code></td><td>${e(i.name ?? '')}</td><td>${e(i.class)}</td><td>${e(i.reason)}</td></tr>`,
          )
          .join('')}</tbody></table>`;
  const sections = json.specifications
    .map(
      (spec) =>
        `<section><h2>${e(spec.name)}${spec.identifier ? ` <small>[${e(spec.identifier)}]</small>` : ''}</h2><p>${spec.new.length} new · ${spec.resolved.length} resolved · ${spec.removed.length} removed · ${spec.persisting} persisting</p>${rows('New failures', spec.new)}${rows('Resolved', spec.resolved)}${rows('Removed with their element', spec.removed)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${e(`${titles.old} → ${titles.next} · Plumbline`)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1f2933}table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border-bottom:1px solid #d9dee3;padding:.3rem .5rem;text-align:left;vertical-align:top}th{background:#f3f5f7}code{font-size:12px}section{margin-top:2rem}</style>
</head>
<body>
<h1>What changed: ${e(titles.old)} → ${e(titles.next)}</h1>
<p>Elements: ${m.matchedByGlobalId} matched by GlobalId, ${m.matchedByContent} matched by content, ${m.added} added, ${m.removed} removed.</p>
${sections}
</body>
</html>
`;
}

/**
 * What the BCF of the new failures needs of a comparison: `plumbline compare`'s result, or the server's
 * comparison of two stored versions (modules/history), so both write it with this code.
 */
export interface CompareBcfInput {
  readonly comparison: VersionComparison;
  readonly next: VersionFindings;
  /** Each requirement facet by its key (a finding's reason names it). */
  readonly requirements: ReadonlyMap<string, FacetSummary>;
  /** The new model's reports, or their headers (the BCF's IDS and model names, its date). */
  readonly newReports: readonly Pick<CheckReport, 'ids' | 'model' | 'checkedAt'>[];
}

/**
 * The new failures as a check report (one failing element per new finding's element, its failures
 * the new ones), so the BCF writer makes the topics; their GUIDs derive from the specification key
 * and the element, not from the model file, so the same new failure keeps its topic.
 */
export function newFailuresReport(compared: CompareBcfInput): { report: CheckReport; identity: BcfIdentity } {
  const base = compared.newReports[0];
  const s = compared.next.elements;
  const specifications: SpecificationResult[] = compared.comparison.specifications.map((spec) => {
    const byElement = new Map<number, FacetFailure[]>();
    for (const change of spec.changes) {
      if (change.kind !== 'new') continue;
      const facet =
        change.failure.facetIndex === null ? null : compared.requirements.get(change.requirementKey);
      const failures = byElement.get(change.element) ?? [];
      if (change.failure.facetIndex !== null) {
        // A finding keeps its outcome, not the engine's kind: its words are the finding's (finding-reason.ts).
        failures.push({
          facetIndex: change.failure.facetIndex,
          type: change.failure.facetType ?? 'property',
          outcome: change.failure.outcome ?? 'mismatch',
          storedReason: renderFindingMessage(findingMessage(facet, change.failure)),
          ...(change.failure.actualValue === null ? {} : { actualValue: change.failure.actualValue }),
        } as FacetFailure);
      }
      byElement.set(change.element, failures);
    }
    const failingElements: ElementResult[] = [...byElement].map(([element, failures]) => ({
      id: s.stepId[element] ?? 0,
      globalId: s.globalId[element] ?? null,
      className: s.ifcClass[element] ?? '',
      name: s.name[element] ?? null,
      failures,
    }));
    return {
      name: spec.name,
      description: null,
      identifier: spec.identifier,
      instructions: null,
      ifcVersions: [],
      cardinality: 'required',
      applicability: [],
      requirements: [],
      status: failingElements.length > 0 ? 'fail' : 'pass',
      reason: null,
      applicableCount: failingElements.length,
      passedCount: 0,
      failedCount: failingElements.length,
      passingIds: new Uint32Array(0),
      failingElements,
    };
  });
  const report: CheckReport = {
    status: specifications.some((spec) => spec.status === 'fail') ? 'fail' : 'pass',
    ids: base?.ids ?? { title: null, fileName: null },
    model: base?.model ?? { fileName: null, schema: null },
    problems: [],
    specifications,
    checkedAt: base?.checkedAt ?? new Date(0).toISOString(),
    durationMs: 0,
  };
  const identity: BcfIdentity = {
    model: 'compare',
    specifications: compared.comparison.specifications.map((spec) => spec.key),
  };
  return { report, identity };
}

/** Writes the BCF of the new failures (topics per element by default: each is one thing to fix). */
export async function writeCompareBcf(
  compared: CompareBcfInput,
  write: (chunk: Uint8Array) => void | Promise<void>,
  options: Omit<BcfReportOptions, 'identity'> = {},
) {
  const { report, identity } = newFailuresReport(compared);
  return writeBcfReport(report, write, { grouping: 'element', ...options, identity });
}
