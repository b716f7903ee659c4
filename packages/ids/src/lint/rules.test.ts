/**
 * Every lint rule on a failing and a passing IDS (testing/lint-cases.ts), and every quick fix: the
 * fixed file validates against ids.xsd and no longer has that rule's finding.
 */
import { describe, expect, it } from 'vitest';
import { RULE_CASES, type RuleCase } from '../testing/lint-cases';
import { validateIdsSchema } from '../validate-ids';
import type { Diagnostic } from './diagnostic';
import { applyFix, fixAll } from './fix';
import { lintIds } from './lint';
import { lintIdsFile } from './lint-file';
import { RULE_IDS, RULES, type RuleId, type RuleMeta } from './rules';

const fixOf = (rule: RuleId) => (RULES[rule] as RuleMeta).fix;

async function lint(c: RuleCase, text: string): Promise<Diagnostic[]> {
  return c.withSchema ? (await lintIdsFile(text)).diagnostics : lintIds(text).diagnostics;
}

const ofRule = (diagnostics: readonly Diagnostic[], rule: string) =>
  diagnostics.filter((d) => d.rule === rule);

describe('every rule has a failing and a passing case', () => {
  it('covers each rule once', () => {
    expect(RULE_CASES.map((c) => c.rule).sort()).toEqual([...RULE_IDS].sort());
  });
});

describe.each(RULE_CASES)('$rule', { timeout: 120_000 }, (c) => {
  it('reports the failing IDS once, with the rule severity, a range and a message', async () => {
    const found = ofRule(await lint(c, c.failing), c.rule);
    expect(found).toHaveLength(1);
    const [d] = found as [Diagnostic];
    expect(d.severity).toBe(RULES[c.rule].severity);
    expect(d.message).not.toBe(d.messageId);
    expect(d.message).not.toMatch(/\{[a-z]+\}/);
    expect(d.range.start.line).toBeGreaterThan(0);
  });

  it('is silent on the passing IDS, which the schema accepts', async () => {
    expect(ofRule(await lint(c, c.passing), c.rule)).toEqual([]);
    expect(await validateIdsSchema(c.passing)).toEqual([]);
  });

  it('the failing IDS is schema-valid unless the rule is about the schema', async () => {
    const problems = await validateIdsSchema(c.failing);
    expect(problems.length > 0).toBe(c.failingIsSchemaInvalid === true);
  });

  it('offers fixes as the rule says, each leaving a schema-valid file without the finding', async () => {
    const [d] = ofRule(await lint(c, c.failing), c.rule);
    const kind = fixOf(c.rule);
    const fixes = d?.fixes ?? [];
    if (kind === undefined) {
      expect(fixes).toEqual([]);
      return;
    }
    expect(fixes.length).toBeGreaterThan(0);
    if (kind === 'safe') expect(fixes.every((f) => f.safe)).toBe(true);
    if (kind === 'suggestion') expect(fixes.some((f) => f.safe)).toBe(false);
    for (const fix of fixes) {
      const fixed = applyFix(c.failing, fix);
      expect(fixed, fix.title).not.toBe(c.failing);
      expect(await validateIdsSchema(fixed), fix.title).toEqual([]);
      expect(ofRule(await lint(c, fixed), c.rule), fix.title).toEqual([]);
    }
  });
});

describe('fixAll', { timeout: 120_000 }, () => {
  it('applies every safe fix of the cases that have one and leaves schema-valid files', async () => {
    for (const c of RULE_CASES.filter((x) => fixOf(x.rule) === 'safe' || fixOf(x.rule) === 'both')) {
      const result = fixAll(c.failing);
      if (c.rule === 'ifc-version-unknown' || fixOf(c.rule) === 'safe')
        expect(result.applied, c.rule).toBeGreaterThan(0);
      if (result.applied === 0) continue;
      expect(await validateIdsSchema(result.text), c.rule).toEqual([]);
      expect(ofRule(result.diagnostics, c.rule), c.rule).toEqual([]);
    }
  });
});
