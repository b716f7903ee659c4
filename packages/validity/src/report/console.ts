/** The validity report for a terminal: a line per rule, then the findings of failing rules. */
import { type Catalogue, englishCatalogue } from '../messages';
import type { ValidityReport } from '../types';
import { formatMessage, ruleSummary } from './message-text';

export interface ValidityConsoleOptions {
  /** Findings listed per failing rule (the rest are counted). Default 10. */
  readonly maxFindings?: number;
  readonly color?: boolean;
}

export function formatValidityConsole(
  report: ValidityReport,
  options: ValidityConsoleOptions = {},
  catalogue: Catalogue = englishCatalogue,
): string {
  const max = options.maxFindings ?? 10;
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const lines = [`Model validity (schema ${report.schema || 'unknown'})`];
  for (const r of report.rules) {
    const mark =
      r.outcome === 'pass'
        ? paint('32', 'pass')
        : r.outcome === 'n/a'
          ? paint('2', 'n/a ')
          : paint(r.severity === 'error' ? '31' : '33', r.severity === 'error' ? 'FAIL' : 'WARN');
    const count = r.outcome === 'fail' ? ` (${r.findingCount})` : '';
    lines.push(`  ${mark}  ${r.rule}  ${ruleSummary(r.rule, catalogue)}${count}`);
    if (r.outcome !== 'fail') continue;
    for (const f of r.findings.slice(0, max)) {
      const where =
        f.stepId === null ? 'file' : `#${f.stepId} ${f.className ?? ''}${f.globalId ? ` ${f.globalId}` : ''}`;
      lines.push(`          ${where}: ${formatMessage(f.message, catalogue)}`);
    }
    if (r.findingCount > max) lines.push(`          … and ${r.findingCount - max} more`);
  }
  const failing = report.rules.filter((r) => r.outcome === 'fail');
  const errors = failing.filter((r) => r.severity === 'error').length;
  lines.push(
    failing.length === 0
      ? 'VALID: no rule fails'
      : `${errors > 0 ? 'INVALID' : 'WARNINGS'}: ${errors} error rule${errors === 1 ? '' : 's'} and ${failing.length - errors} warning rule${failing.length - errors === 1 ? '' : 's'} fail`,
  );
  return `${lines.join('\n')}\n`;
}
