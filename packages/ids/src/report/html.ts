/**
 * The HTML reporter: one self-contained page (inline CSS and a small inline script, no network
 * requests) with a summary, a specifications overview, a filterable table of failing elements and a
 * section per specification. Every string from the model or the IDS is escaped.
 *
 * Written as a stream of chunks (a row, a section at a time: `htmlReportChunks`, `writeHtmlReport`),
 * so the page is never one string in memory however many specifications it has (issue 22).
 */
import { type ValidityReport, validityCatalogue, validityHtmlSection } from '@plumbline/validity';
import type { CheckReport, ElementResult, FacetSummary, SpecificationResult } from '../results';
import { escapeHtml as e } from './escape';
import { htmlReportScript, htmlReportStyle } from './html-assets';
import { percentOf } from './percent';
import { schemaSubstitutionNote } from './schema-note';
import { formatDuration, specificationLabel, summarize } from './summary';
import {
  elementReasons,
  facetText,
  failureText,
  idsWords,
  specificationReasonText,
  type Words,
} from './words';

export interface HtmlReportOptions {
  /** The language of the page; default English. */
  readonly words?: Words;
  /** Most rows in the failing-elements table; the rest are counted in a note. Default 10,000. */
  readonly maxFailureRows?: number;
  /** The model's validity (plumbline check --validate), shown after the specifications. */
  readonly validity?: ValidityReport | null;
}

/** The whole page as one string (small reports, tests); large ones go through writeHtmlReport. */
export function renderHtmlReport(report: CheckReport, options: HtmlReportOptions = {}): string {
  let html = '';
  for (const chunk of htmlReportChunks(report, options)) html += chunk;
  return html;
}

/**
 * Writes the page chunk by chunk, waiting whenever `write` returns a promise (a full stream), so
 * memory holds one chunk, not the page.
 */
export async function writeHtmlReport(
  report: CheckReport,
  write: (chunk: string) => void | Promise<void>,
  options: HtmlReportOptions = {},
): Promise<void> {
  let pending = '';
  for (const chunk of htmlReportChunks(report, options)) {
    pending += chunk;
    // Many small pieces are written as one: a write per table row would cost more than the row.
    if (pending.length >= 64 * 1024) {
      await write(pending);
      pending = '';
    }
  }
  if (pending !== '') await write(pending);
}

/** The page in document order, a row or a section at a time. */
export function* htmlReportChunks(report: CheckReport, options: HtmlReportOptions = {}): Generator<string> {
  const maxRows = Math.max(0, options.maxFailureRows ?? 10_000);
  const w = options.words ?? idsWords();
  const { t } = w;
  const title = report.ids.title ?? report.ids.fileName ?? t('ids.html.defaultTitle');
  yield `<!doctype html>
<html lang="${w.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${e(`${title} · ${report.model.fileName ?? t('ids.html.model')} · Plumbline`)}</title>
<style>${htmlReportStyle}</style>
</head>
<body>
<header class="top"><div class="brand">Plumbline<span>${e(t('ids.html.subtitle'))}</span></div>
<div class="status">${statusPill(w, report.status)}</div></header>
<main>
<h1>${e(title)}</h1>
${renderMeta(w, report)}
`;
  if (report.status === 'invalid') yield renderProblems(w, report);
  else {
    yield renderSummary(w, report);
    yield '\n';
    yield* overviewChunks(w, report);
    yield '\n';
    yield* failureTableChunks(w, report, maxRows);
    yield '\n';
    yield* sectionChunks(w, report);
    if (options.validity) yield `\n${validityHtmlSection(options.validity, validityCatalogue(w.locale))}`;
  }
  yield `
<footer>${e(t('ids.html.footer', { at: report.checkedAt }))}</footer>
</main>
<script>${htmlReportScript}</script>
</body>
</html>
`;
}

function statusPill(w: Words, status: CheckReport['status'] | SpecificationResult['status']): string {
  return `<span class="pill ${status}">${e(w.t(`ids.status.${status}`))}</span>`;
}

function renderMeta(w: Words, report: CheckReport): string {
  const { t } = w;
  const items: [string, string][] = [
    [t('ids.html.metaModel'), report.model.fileName ?? '—'],
    [t('ids.html.metaSchema'), report.model.schema ?? '—'],
    ...(report.model.schemaSubstitution
      ? [
          [t('ids.html.metaSchemaNote'), schemaSubstitutionNote(report.model.schemaSubstitution, w)] as [
            string,
            string,
          ],
        ]
      : []),
    [t('ids.html.metaIds'), report.ids.fileName ?? '—'],
    [t('ids.html.metaChecked'), formatTimestamp(report.checkedAt)],
    [t('ids.html.metaDuration'), formatDuration(report.durationMs)],
  ];
  return `<div class="meta">${items.map(([label, value]) => `<div>${e(label)}: <b>${e(value)}</b></div>`).join('')}</div>`;
}

function formatTimestamp(iso: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso);
  return match ? `${match[1]} ${match[2]} UTC` : iso;
}

function renderProblems(w: Words, report: CheckReport): string {
  const items = report.problems.map((problem) => {
    const where =
      problem.line === null
        ? ''
        : `<code>${e(w.t('ids.html.line', { line: problem.line }))}${problem.column === null ? '' : `:${problem.column}`}</code> `;
    return `<li>${where}${e(problem.message)}</li>`;
  });
  return `<section class="spec fail"><div class="head"><h3>${e(w.t('ids.html.invalid'))}</h3></div>
<ul class="problems">${items.join('')}</ul></section>`;
}

/** `percentOf` (the one rule) as the page writes it: a dash when there is nothing to take a share of. */
function percent(part: number, whole: number): string {
  return whole > 0 ? `${percentOf(part, whole)}%` : '—';
}

function renderSummary(w: Words, report: CheckReport): string {
  const { t } = w;
  const s = summarize(report);
  const n = (value: number) => new Intl.NumberFormat(w.locale).format(value);
  const card = (label: string, value: string, sub: string) =>
    `<div class="card"><div class="label">${e(label)}</div><div class="value">${e(value)}</div><div class="sub">${e(sub)}</div></div>`;
  return `<div class="cards">
${card(t('ids.html.cardSpecifications'), `${s.specificationsPassed} / ${s.specifications}`, t('ids.html.cardSpecificationsFailed', { count: s.specificationsFailed }))}
${card(t('ids.html.cardChecks'), percent(s.checksPassed, s.checks), t('ids.html.cardChecksSub', { passed: s.checksPassed, total: s.checks }))}
${card(t('ids.html.cardFailing'), n(s.failingElements), t('ids.html.cardFailingSub'))}
</div>`;
}

function* overviewChunks(w: Words, report: CheckReport): Generator<string> {
  const { t } = w;
  if (report.specifications.length === 0) {
    yield `<h2>${e(t('ids.html.specifications'))}</h2><p class="note">${e(t('ids.html.noSpecifications'))}</p>`;
    return;
  }
  yield `<h2>${e(t('ids.html.specifications'))}</h2>
<div class="table-wrap"><table><thead><tr><th>${e(t('ids.html.colSpecification'))}</th><th>${e(t('ids.html.colStatus'))}</th><th class="num">${e(t('ids.html.colApplicable'))}</th><th class="num">${e(t('ids.html.colPassed'))}</th><th class="num">${e(t('ids.html.colFailed'))}</th><th>${e(t('ids.html.colCompliance'))}</th></tr></thead>
<tbody>`;
  for (const [index, specification] of report.specifications.entries()) {
    if (index > 0) yield '\n';
    yield overviewRow(w, specification, index);
  }
  yield '</tbody></table></div>';
}

function overviewRow(w: Words, specification: SpecificationResult, index: number): string {
  const { applicableCount: applicable, passedCount: passed, failedCount: failed } = specification;
  const bar =
    applicable === 0
      ? '<div class="bar empty"></div>'
      : `<div class="bar" title="${e(w.t('ids.html.percentPassed', { percent: percent(passed, applicable) }))}"><i style="width:${(passed / applicable) * 100}%"></i></div>`;
  const reason = specificationReasonText(w, specification);
  const why = reason ? `<span class="why">${e(reason)}</span>` : '';
  return `<tr><td><a href="#spec-${index}">${e(specificationLabel(specification, index, w))}</a>${why}</td>
<td>${statusPill(w, specification.status)}</td><td class="num">${applicable}</td><td class="num">${passed}</td>
<td class="num${failed > 0 ? ' fail-count' : ''}">${failed}</td><td>${bar}</td></tr>`;
}

function* failureTableChunks(w: Words, report: CheckReport, maxRows: number): Generator<string> {
  const { t } = w;
  // Counted first (no text built): the filters and the note come before the rows.
  const classes = new Set<string>();
  let total = 0;
  for (const specification of report.specifications)
    for (const element of specification.failingElements) {
      total++;
      classes.add(element.className);
    }
  if (total === 0) {
    yield `<h2 id="failing-elements">${e(t('ids.html.failingElements'))}</h2><p class="note">${e(t('ids.html.noFailures'))}</p>`;
    return;
  }
  const shown = Math.min(total, maxRows);
  const specOptions = report.specifications
    .map((specification, index) =>
      specification.failingElements.length > 0
        ? `<option value="${index}">${e(specificationLabel(specification, index, w))}</option>`
        : '',
    )
    .join('');
  const classOptions = [...classes]
    .sort()
    .map((className) => `<option value="${e(className)}">${e(className)}</option>`)
    .join('');
  // The filter script says "Showing n of m" with the page's words (data-showing, {shown} and {total}).
  const showing = t('ids.html.showing', { shown: '{shown}', total: '{total}' });
  yield `<h2 id="failing-elements">${e(t('ids.html.failingElements'))}</h2>
<div class="filters"><input id="filter-text" type="search" placeholder="${e(t('ids.html.filterPlaceholder'))}" aria-label="${e(t('ids.html.filterLabel'))}">
<select id="filter-spec" aria-label="${e(t('ids.html.filterSpecification'))}"><option value="">${e(t('ids.html.allSpecifications'))}</option>${specOptions}</select>
<select id="filter-class" aria-label="${e(t('ids.html.filterClass'))}"><option value="">${e(t('ids.html.allClasses'))}</option>${classOptions}</select>
<span class="shown" id="filter-shown" data-showing="${e(showing)}">${e(t('ids.html.showing', { shown, total: shown }))}</span></div>
<div class="table-wrap"><table id="failures"><thead><tr><th>${e(t('ids.html.colSpecification'))}</th><th>${e(t('ids.html.colClass'))}</th><th>${e(t('ids.html.colName'))}</th><th>${e(t('ids.html.colGlobalId'))}</th><th class="num">${e(t('ids.html.colStepId'))}</th><th>${e(t('ids.html.colReasons'))}</th></tr></thead>
<tbody>`;
  let rows = 0;
  for (const [index, specification] of report.specifications.entries()) {
    for (const element of specification.failingElements) {
      if (rows >= maxRows) break;
      if (rows > 0) yield '\n';
      rows++;
      yield failureRow(w, specification, index, element);
    }
  }
  const note = total > shown ? `<p class="note">${e(t('ids.html.firstRows', { shown, total }))}</p>` : '';
  yield `</tbody></table></div>${note}`;
}

function failureRow(
  w: Words,
  specification: SpecificationResult,
  index: number,
  element: ElementResult,
): string {
  const reasons =
    element.failures.length === 0
      ? elementReasons(w, specification, element).map((reason) => `<li>${e(reason)}</li>`)
      : element.failures.map((failure) => {
          const facet = specification.requirements[failure.facetIndex]?.facet;
          const reason = facet
            ? failureText(w, failure, facet)
            : (failure.storedReason ?? w.t('ids.failure.unmet'));
          const value = failure.actualValue;
          const showValue = value !== undefined && !reason.includes(value);
          return `<li>${e(reason)}${showValue ? ` <span class="value">${e(w.t('ids.html.value', { value }))}</span>` : ''}</li>`;
        });
  return `<tr data-spec="${index}" data-class="${e(element.className)}">
<td class="spec-cell">${e(specificationLabel(specification, index, w))}</td><td class="mono">${e(element.className)}</td>
<td class="wrap">${e(element.name ?? '—')}</td><td class="mono gid">${e(element.globalId ?? '—')}</td><td class="num mono">#${element.id}</td>
<td class="why-cell"><ul class="reasons">${reasons.join('')}</ul></td></tr>`;
}

function renderFacets(w: Words, heading: string, facets: readonly FacetSummary[]): string {
  if (facets.length === 0)
    return `<div><h4>${e(heading)}</h4><p class="note">${e(w.t('ids.html.none'))}</p></div>`;
  const items = facets
    .map(
      (facet) =>
        `<li>${e(facetText(w, facet.facet))}<span class="card-tag">${e(w.t(`ids.cardinality.${facet.cardinality}`))}</span></li>`,
    )
    .join('');
  return `<div><h4>${e(heading)}</h4><ul>${items}</ul></div>`;
}

function* sectionChunks(w: Words, report: CheckReport): Generator<string> {
  yield `<h2>${e(w.t('ids.html.details'))}</h2>`;
  for (const [index, specification] of report.specifications.entries()) {
    yield '\n';
    yield section(w, specification, index);
  }
}

function section(w: Words, specification: SpecificationResult, index: number): string {
  const { t } = w;
  const failing = specification.failedCount;
  const identifier = specification.identifier
    ? `<span class="ident">${e(specification.identifier)}</span>`
    : '';
  const optional: string[] = [];
  if (specification.description) optional.push(`<p>${e(specification.description)}</p>`);
  if (specification.instructions)
    optional.push(`<p><b>${e(t('ids.html.instructions'))}</b> ${e(specification.instructions)}</p>`);
  const reason = specificationReasonText(w, specification);
  if (reason) optional.push(`<p class="reason">${e(reason)}</p>`);
  const show =
    failing > 0
      ? `<p><button class="link" type="button" data-show-spec="${index}">${e(t('ids.html.showFailing', { count: failing }))}</button></p>`
      : '';
  const versions =
    specification.ifcVersions.length > 0 ? ` · ${e(specification.ifcVersions.join(', '))}` : '';
  return `<section class="spec ${specification.status}" id="spec-${index}">
<div class="head">${statusPill(w, specification.status)}<h3>${e(specificationLabel(specification, index, w))}</h3>${identifier}
<span class="counts">${e(t('ids.html.counts', { applicable: specification.applicableCount, passed: specification.passedCount, failed: failing }))}</span></div>
<p class="note">${e(t('ids.html.cardinality', { cardinality: t(`ids.cardinality.${specification.cardinality}`) }))}${versions}</p>
${optional.join('\n')}
<div class="facets">${renderFacets(w, t('ids.html.appliesTo'), specification.applicability)}${renderFacets(w, t('ids.html.requirements'), specification.requirements)}</div>
${show}</section>`;
}
