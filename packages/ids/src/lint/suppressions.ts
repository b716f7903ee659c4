/**
 * Suppression comments: a finding a person has looked at and accepts stays accepted in the file,
 * with the reason, as an XML comment every other tool ignores:
 *
 *   <!-- plumbline-ignore rule-id[, rule-id…]: reason -->       the element right after the comment
 *   <!-- plumbline-ignore-file rule-id[, rule-id…]: reason -->  the whole file
 *
 * A suppression needs a reason (else it is reported and not applied) and names known rules. Errors
 * cannot be suppressed: an error means other tools refuse or misread the file too.
 */
import type { XmlElement } from '../xml/xml-element';
import type { Finding, LintContext } from './context';
import { findingOffsets } from './render';
import { isRuleId, RULES } from './rules';
import type { TextIndex } from './text-index';

const COMMENT = /<!--([\s\S]*?)-->|<!\[CDATA\[[\s\S]*?\]\]>/g;
const DIRECTIVE =
  /^\s*plumbline-ignore(-file)?\s+([A-Za-z0-9_-]+(?:\s*,\s*[A-Za-z0-9_-]+)*)\s*(?::([\s\S]*))?$/;

interface Suppression {
  readonly rules: readonly string[];
  readonly start: number;
  readonly end: number;
  /** Offsets it covers (the whole text for -file). */
  readonly scope: { readonly start: number; readonly end: number };
  used: boolean;
}

function elementsInOrder(root: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const walk = (el: XmlElement) => {
    out.push(el);
    for (const c of el.children) walk(c);
  };
  walk(root);
  return out;
}

/** The first element starting at or after `offset`. */
function elementAfter(elements: readonly XmlElement[], offset: number): XmlElement | undefined {
  let lo = 0;
  let hi = elements.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((elements[mid] as XmlElement).span.start < offset) lo = mid + 1;
    else hi = mid;
  }
  return elements[lo];
}

function readSuppressions(ctx: LintContext, index: TextIndex, root: XmlElement): Suppression[] {
  const text = index.text;
  if (!text.includes('plumbline-ignore')) return [];
  const elements = elementsInOrder(root);
  const out: Suppression[] = [];
  for (const m of text.matchAll(COMMENT)) {
    const body = m[1];
    if (body === undefined) continue;
    const directive = DIRECTIVE.exec(body);
    if (!directive) continue;
    const start = m.index;
    const end = start + m[0].length;
    const offsets = { start, end };
    const names = (directive[2] as string).split(',').map((s) => s.trim());
    const reason = (directive[3] ?? '').trim();
    if (reason === '') {
      ctx.report({
        rule: 'suppression-without-reason',
        at: undefined,
        offsets,
        params: { rules: names.join(', ') },
      });
      continue;
    }
    const rules: string[] = [];
    for (const name of names) {
      if (!isRuleId(name))
        ctx.report({ rule: 'suppression-unknown-rule', at: undefined, offsets, params: { rule: name } });
      else if (RULES[name].severity === 'error')
        ctx.report({ rule: 'suppression-of-error', at: undefined, offsets, params: { rule: name } });
      else rules.push(name);
    }
    if (rules.length === 0) continue;
    const target = directive[1] ? undefined : elementAfter(elements, end);
    const scope = directive[1]
      ? { start: 0, end: text.length }
      : target
        ? { start: target.span.start, end: target.span.end }
        : { start: end, end };
    out.push({ rules, start, end, scope, used: false });
  }
  return out;
}

/**
 * Drops the findings a suppression covers and reports suppressions that are malformed or unused.
 * Returns the findings that remain.
 */
export function applySuppressions(ctx: LintContext, index: TextIndex, root: XmlElement): Finding[] {
  const suppressions = readSuppressions(ctx, index, root);
  if (suppressions.length === 0) return ctx.findings;
  const kept = ctx.findings.filter((finding) => {
    if (finding.rule.startsWith('suppression-')) return true;
    const { start } = findingOffsets(finding, index);
    const by = suppressions.find(
      (s) =>
        s.rules.includes(finding.rule) &&
        start >= s.scope.start &&
        start < Math.max(s.scope.end, s.scope.start + 1),
    );
    if (!by) return true;
    by.used = true;
    return false;
  });
  const before = ctx.findings.length;
  for (const s of suppressions)
    if (!s.used)
      ctx.report({
        rule: 'suppression-unused',
        at: undefined,
        offsets: { start: s.start, end: s.end },
        params: { rules: s.rules.join(', ') },
      });
  return [...kept, ...ctx.findings.slice(before)];
}
