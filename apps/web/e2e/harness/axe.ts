import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// Evaluated rather than added as a <script> tag: the app's Content Security Policy refuses inline scripts.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0 and 2.1, levels A and AA: the bar issue 21 sets. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** One rule broken on one page or state, at the serious or critical level. */
export interface AxeFinding {
  state: string;
  rule: string;
  impact: string;
  help: string;
  /** Where: the first few elements' selectors. */
  targets: string[];
}

/** Runs axe-core over the whole document as it is now; returns its serious and critical violations. */
export async function seriousViolations(page: Page, state: string): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<AxeResults> } }).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, WCAG_TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ state, ...v }));
}

interface AxeResults {
  violations: { id: string; impact?: string; help: string; nodes: { target: string[] }[] }[];
}

/** One line per finding, for a failure message or the run's log. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings
    .map((f) => `${f.state}: ${f.rule} (${f.impact}) ${f.help} — ${f.targets.join(', ')}`)
    .join('\n');
}
