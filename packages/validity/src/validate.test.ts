import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@plumbline/i18n/compile';
import { modelOf } from '@plumbline/ifc/testing/step-fixture';
import { describe, expect, it } from 'vitest';
import { englishCatalogue } from './messages';
import { formatMessage } from './report/message-text';
import { RULE_IDS } from './rules/index';
import { selectRules, UnknownRuleError, validateModel } from './validate';

const PROJECT = `
#1=IFCPROJECT('2hQIb1LAr8fuqGvpBKoNoR',$,'P',$,$,$,$,(#3),#4);
#3=IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#5,$);
#4=IFCUNITASSIGNMENT((#6));
#5=IFCAXIS2PLACEMENT3D(#7,$,$);
#6=IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.);
#7=IFCCARTESIANPOINT((0.,0.,0.));
`;

describe('validateModel', () => {
  it('lists every rule in order, with pass, fail and n/a outcomes', () => {
    const model = modelOf(`${PROJECT}
#10=IFCWALL('4bad',$,$,$,$,$,$,$,$);`);
    const report = validateModel(model);
    expect(report.schema).toBe('IFC4');
    expect(report.rules.map((r) => r.rule)).toEqual(RULE_IDS);
    const outcome = (rule: string) => report.rules.find((r) => r.rule === rule)!.outcome;
    expect(outcome('PJS003')).toBe('fail'); // '4bad': too short, and starts outside 0–3
    expect(outcome('PJS101')).toBe('pass');
    expect(outcome('GRP001')).toBe('n/a');
    const pjs003 = report.rules.find((r) => r.rule === 'PJS003')!;
    expect(pjs003.findings).toEqual([
      {
        rule: 'PJS003',
        severity: 'error',
        stepId: 10,
        globalId: '4bad',
        className: 'IfcWall',
        message: {
          id: 'validity.PJS003.format',
          values: { globalId: '4bad', length: 4, problems: 'length,start' },
        },
      },
    ]);
  });

  it('keeps at most the limit of findings per rule and counts the rest', () => {
    const walls = Array.from({ length: 5 }, (_, i) => `#${20 + i}=IFCWALL('x${i}',$,$,$,$,$,$,$,$);`).join(
      '\n',
    );
    const report = validateModel(modelOf(`${PROJECT}\n${walls}`), {
      rules: ['PJS003'],
      maxFindingsPerRule: 2,
    });
    expect(report.rules).toHaveLength(1);
    expect(report.rules[0]!.findings).toHaveLength(2);
    expect(report.rules[0]!.findingCount).toBe(5);
  });

  it('grades industry-practice rules as warnings', () => {
    const report = validateModel(modelOf(PROJECT.replace(/#1=IFCPROJECT[^\n]*\n/, '')), {
      rules: ['PJS101'],
    });
    expect(report.rules[0]).toMatchObject({ outcome: 'fail', severity: 'warning' });
  });
});

describe('selectRules', () => {
  it('takes ids in any case and refuses unknown ones', () => {
    expect(selectRules(['pjs003', ' SPS001 '])).toEqual(['PJS003', 'SPS001']);
    expect(selectRules(undefined)).toBe(RULE_IDS);
    expect(() => selectRules(['PJS003', 'XYZ999'])).toThrow(UnknownRuleError);
  });
});

describe('the English catalogue', () => {
  const src = fileURLToPath(new URL('.', import.meta.url));
  const sources = readdirSync(join(src, 'rules'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => readFileSync(join(src, 'rules', f), 'utf8'))
    .join('\n');

  it('parses as ICU MessageFormat, every message', () => {
    for (const [id, source] of Object.entries(englishCatalogue)) {
      expect(() => compileMessage(source, id), id).not.toThrow();
    }
  });

  it('has a message for every id the rules use, and a summary for every rule', () => {
    const literal = [...sources.matchAll(/'(validity\.[A-Z]{3}\d{3}\.\w+)'/g)].map((m) => m[1]!);
    const prefixed = [...sources.matchAll(/`\$\{(?:messagePrefix|prefix)\}\.(\w+)`/g)].map((m) => m[1]!);
    const families = [
      'validity.PSE001',
      'validity.QTY001',
      'validity.SPS002',
      'validity.BLT001',
      'validity.BLT002',
      'validity.BLT003',
    ];
    const missing = [
      ...literal.filter((id) => !(id in englishCatalogue)),
      ...prefixed.filter((k) => !families.some((f) => `${f}.${k}` in englishCatalogue)),
      ...RULE_IDS.filter((r) => !(`validity.rule.${r}` in englishCatalogue)),
    ];
    expect(missing).toEqual([]);
    expect(literal.length).toBeGreaterThan(40);
  });

  it('has a message for every id the project rules use', () => {
    const dir = join(src, 'project-rules');
    const text = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const ids = [
      ...[...text.matchAll(/'(rules\.\w+\.\w+)'/g)].map((m) => m[1]!),
      ...[...text.matchAll(/this\.fail\([^,]+, '(\w+)'/g)].map((m) => `rules.file.${m[1]}`),
    ];
    expect(ids.length).toBeGreaterThan(15);
    expect(ids.filter((id) => !(id in englishCatalogue))).toEqual([]);
  });

  it('renders parameters and plurals', () => {
    expect(formatMessage({ id: 'validity.PJS101.count', values: { count: 2 } })).toBe(
      'The file has 2 IfcProjects; it should have exactly one.',
    );
    expect(formatMessage({ id: 'validity.IFC101.schema', values: { schema: 'IFC4X1' } })).toBe(
      "The schema identifier 'IFC4X1' is not an official IFC version (IFC2X3, IFC4, IFC4X3_ADD2).",
    );
    expect(formatMessage({ id: 'no.such.id', values: {} })).toBe('no.such.id');
  });
});
