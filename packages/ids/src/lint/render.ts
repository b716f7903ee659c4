/** Findings → diagnostics: ranges from element spans, English messages from the catalogue. */
import type { Finding, FixSpec } from './context';
import type { Diagnostic, Fix, Range } from './diagnostic';
import { formatMessage } from './format-message';
import messages from './messages.en.json';
import type { TextIndex } from './text-index';

export const englishMessages: Readonly<Record<string, string>> = messages;

/** Offsets a finding covers. */
export function findingOffsets(finding: Finding, index: TextIndex): { start: number; end: number } {
  if (finding.offsets) return finding.offsets;
  const el = finding.at;
  if (!el) return { start: 0, end: 0 };
  const { span } = el;
  const part = finding.part;
  if (part === 'element') return { start: span.start, end: span.end };
  if (part === 'content' && span.contentEnd > span.contentStart)
    return { start: span.contentStart, end: span.contentEnd };
  if (typeof part === 'object') {
    const at = index.attributeValue(el, part.attribute);
    if (at) return at;
  }
  return { start: span.start, end: span.contentStart };
}

function toFix(fix: FixSpec, index: TextIndex): Fix {
  const params = fix.params ?? {};
  return {
    title: formatMessage(englishMessages, fix.messageId, params),
    messageId: fix.messageId,
    params,
    safe: fix.safe,
    edits: fix.edits.map((e) => ({ range: index.range(e.start, e.end), newText: e.newText })),
  };
}

export function toDiagnostic(finding: Finding, index: TextIndex): Diagnostic {
  const { start, end } = findingOffsets(finding, index);
  const range: Range = index.range(start, end);
  return {
    rule: finding.rule,
    severity: finding.severity,
    messageId: finding.messageId,
    params: finding.params,
    message: formatMessage(englishMessages, finding.messageId, finding.params),
    range,
    fixes: finding.fixes.map((f) => toFix(f, index)),
  };
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Diagnostics in reading order (then errors first, then by rule). */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort(
    (a, b) =>
      a.range.start.line - b.range.start.line ||
      a.range.start.column - b.range.start.column ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
}
