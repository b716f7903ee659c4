/** The validity report as an HTML section (for the IDS report) or a page of its own. Every string is escaped. */
import { type Catalogue, englishCatalogue } from '../messages';
import type { ValidityReport } from '../types';
import { formatMessage, ruleSummary } from './message-text';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Findings listed per rule in HTML (the rest are counted). */
const MAX_ROWS = 1000;

export function validityHtmlSection(report: ValidityReport, catalogue: Catalogue = englishCatalogue): string {
  const e = escapeHtml;
  const rows = report.rules
    .map((r) => {
      const findings =
        r.outcome !== 'fail'
          ? ''
          : `<details><summary>${r.findingCount} finding${r.findingCount === 1 ? '' : 's'}</summary><table><thead><tr><th>STEP id</th><th>Class</th><th>GlobalId</th><th>Message</th></tr></thead><tbody>${r.findings
              .slice(0, MAX_ROWS)
              .map(
                (f) =>
                  `<tr><td>${f.stepId === null ? '' : `#${f.stepId}`}</td><td>${e(f.className ?? '')}</td><td><code>${e(f.globalId ?? '')}</code></td><td>${e(formatMessage(f.message, catalogue))}</td></tr>`,
              )
              .join(
                '',
              )}</tbody></table>${r.findingCount > MAX_ROWS ? `<p>… and ${r.findingCount - MAX_ROWS} more</p>` : ''}</details>`;
      const outcome = r.outcome === 'fail' ? (r.severity === 'error' ? 'error' : 'warning') : r.outcome;
      return `<tr class="validity-${e(outcome.replace('/', ''))}"><td>${e(r.rule)}</td><td>${e(outcome)}</td><td>${e(ruleSummary(r.rule, catalogue))}${findings}</td></tr>`;
    })
    .join('\n');
  return `<section id="validity"><h2>Model validity</h2><p>Schema identifier: <code>${e(report.schema)}</code>. buildingSMART's normative rules; an error makes IDS verdicts on the elements concerned unreliable.</p>
<table class="validity"><thead><tr><th>Rule</th><th>Outcome</th><th>What it checks</th></tr></thead><tbody>
${rows}
</tbody></table></section>`;
}

export function renderValidityHtml(
  report: ValidityReport,
  fileName: string,
  catalogue: Catalogue = englishCatalogue,
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(`Model validity · ${fileName} · Plumbline`)}</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1f2328}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.3rem .5rem;border-bottom:1px solid #d0d7de;vertical-align:top}.validity-error td:nth-child(2){color:#b42318;font-weight:600}.validity-warning td:nth-child(2){color:#9a6700;font-weight:600}.validity-pass td:nth-child(2){color:#1a7f37}.validity-na td:nth-child(2){color:#6e7781}details table{margin:.4rem 0;font-size:13px}</style>
</head>
<body>
<h1>${escapeHtml(fileName)}</h1>
${validityHtmlSection(report, catalogue)}
</body>
</html>
`;
}
