/**
 * `plumbline validate` and `plumbline check --validate` on the real engines, with small models
 * written here: exit codes (0 valid, 1 warnings, 2 errors or usage, 3 unreadable), the JSON shape
 * (validity report-schema.json, and the check report's `validity` member), HTML and console.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stepText } from '@plumbline/ifc/testing/step-fixture';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli';
import { entity, ids, spec } from '../src/testing/ids-xml';
import { captureIo } from './cli-io';
import { reportSchemaErrors } from './report-schema';

const PROJECT = `#1=IFCPROJECT('2hQIb1LAr8fuqGvpBKoNoR',$,'P',$,$,$,$,$,$);`;
const WALL = `#10=IFCWALL('1kTvXnbbzCWw8lcMd1dR4o',$,'W',$,$,$,$,$,$);`;
const BAD_GUID = `#11=IFCWALL('9bad',$,'W2',$,$,$,$,$,$);`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'plumbline-validate-'));
  writeFileSync(join(dir, 'good.ifc'), stepText('IFC4', `${PROJECT}\n${WALL}`));
  writeFileSync(join(dir, 'bad-guid.ifc'), stepText('IFC4', `${PROJECT}\n${WALL}\n${BAD_GUID}`));
  writeFileSync(
    join(dir, 'two-projects.ifc'),
    stepText('IFC4', `${PROJECT}\n#2=IFCPROJECT('0hQIb1LAr8fuqGvpBKoNoR',$,'Q',$,$,$,$,$,$);`),
  );
  writeFileSync(join(dir, 'ifc4x1.ifc'), stepText('IFC4X1', PROJECT));
  writeFileSync(join(dir, 'broken.ifc'), 'not a STEP file\n');
  writeFileSync(join(dir, 'walls.ids'), ids(spec({ name: 'Walls', applicability: entity('IFCWALL') })));
});

async function cli(...args: string[]) {
  const io = captureIo({ cwd: dir });
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

const validitySchema = JSON.parse(
  readFileSync(new URL('../../validity/report-schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const validateJson = new Ajv2020({ allErrors: true, strict: true }).compile(validitySchema);

describe('plumbline validate', () => {
  it('exits 0 when no selected rule fails', async () => {
    const result = await cli('validate', 'good.ifc', '--rules', 'PJS003,PJS101');
    expect(result.code).toBe(0);
    expect(result.out).toContain('VALID: no rule fails');
  });

  it('exits 1 when only warnings fail (PJS101 is industry practice)', async () => {
    const result = await cli('validate', 'two-projects.ifc', '--rules', 'PJS101,PJS003');
    expect(result.code).toBe(1);
    expect(result.out).toContain('The file has 2 IfcProjects; it should have exactly one.');
  });

  it('exits 2 when an error rule fails, and names the element', async () => {
    const result = await cli('validate', 'bad-guid.ifc', '--rules', 'PJS003');
    expect(result.code).toBe(2);
    expect(result.out).toContain("#11 IfcWall 9bad: The GlobalId '9bad' is malformed");
  });

  it('writes JSON in the documented shape, every implemented rule listed', async () => {
    const result = await cli('validate', 'bad-guid.ifc', '--format', 'json');
    const json = JSON.parse(result.out) as {
      schema: string;
      rules: { rule: string; outcome: string; findings: unknown[] }[];
    };
    expect(validateJson(json), JSON.stringify(validateJson.errors)).toBe(true);
    expect(json.schema).toBe('IFC4');
    // Issue 38's 38 buildingSMART rules and the two schema constraints of decision 0249.
    const range = (prefix: string, from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${String(from + i).padStart(3, '0')}`);
    const expected = [
      ...['IFC101', 'IFC102', 'IFC105', 'IFC106', 'PJS001', 'PJS002', 'PJS003', 'PJS101'],
      ...range('SPS', 1, 8),
      ...['GRP001', 'OJT001', 'OJP001', 'PSE001', 'PSE002', 'QTY001', 'BLT001', 'BLT002', 'BLT003'],
      ...range('GEM', 1, 5),
      ...['GEM011', 'GEM051', 'GEM052', ...range('GEM', 111, 113), 'MPD001', 'SWE002'],
      ...['SCH001', 'SCH002'],
    ];
    expect(expected).toHaveLength(40);
    expect(json.rules.map((r) => r.rule).sort()).toEqual(expected.sort());
    expect(json.rules.find((r) => r.rule === 'PJS003')).toEqual({
      rule: 'PJS003',
      outcome: 'fail',
      findings: [
        {
          severity: 'error',
          stepId: 11,
          globalId: '9bad',
          class: 'IfcWall',
          message: {
            id: 'validity.PJS003.format',
            values: { globalId: '9bad', length: 4, problems: 'length,start' },
            text: "The GlobalId '9bad' is malformed (length,start; 4 characters).",
          },
        },
      ],
    });
  });

  it('answers a schema the reader does not know with IFC101 failing, not an unreadable model', async () => {
    const result = await cli('validate', 'ifc4x1.ifc', '--format', 'json');
    expect(result.code).toBe(2);
    const json = JSON.parse(result.out) as { schema: string; rules: { rule: string; outcome: string }[] };
    expect(json.schema).toBe('IFC4X1');
    expect(json.rules.filter((r) => r.outcome !== 'n/a').map((r) => `${r.rule} ${r.outcome}`)).toEqual([
      'IFC101 fail',
    ]);
  });

  it('writes an HTML page to --out', async () => {
    const result = await cli('validate', 'bad-guid.ifc', '--rules', 'PJS003', '--out', 'validity.html');
    expect(result.code).toBe(2);
    const html = readFileSync(join(dir, 'validity.html'), 'utf8');
    expect(html).toContain('<h2>Model validity</h2>');
    expect(html).toContain('The GlobalId &#39;9bad&#39; is malformed');
  });

  it('exits 2 with the usage for an unknown rule, 3 for an unreadable model', async () => {
    const unknown = await cli('validate', 'good.ifc', '--rules', 'PJS003,NOPE01');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown rule: NOPE01');
    expect(unknown.err).toContain('Usage: plumbline validate');
    const broken = await cli('validate', 'broken.ifc');
    expect(broken.code).toBe(3);
    expect(broken.err).toContain('cannot read the model broken.ifc');
  });
});

describe('plumbline check --validate', () => {
  it('adds the validity to the JSON report, valid against report-schema.json', async () => {
    const result = await cli(
      'check',
      'bad-guid.ifc',
      'walls.ids',
      '--validate',
      '--rules',
      'PJS003',
      '--format',
      'json',
    );
    const json = JSON.parse(result.out) as {
      status: string;
      validity: { rules: { rule: string; outcome: string }[] };
    };
    expect(reportSchemaErrors(json)).toEqual([]);
    expect(json.status).toBe('pass');
    expect(json.validity.rules).toEqual([expect.objectContaining({ rule: 'PJS003', outcome: 'fail' })]);
    // The IDS passes, but a validity error makes the check fail.
    expect(result.code).toBe(1);
  });

  it('leaves the report as it was without --validate, and exits 0 on a passing IDS', async () => {
    const result = await cli('check', 'bad-guid.ifc', 'walls.ids', '--format', 'json');
    expect(JSON.parse(result.out)).not.toHaveProperty('validity');
    expect(result.code).toBe(0);
  });

  it('appends the validity to the console and HTML reports', async () => {
    const console = await cli('check', 'good.ifc', 'walls.ids', '--validate', '--rules', 'PJS003,PJS101');
    expect(console.out).toContain('Model validity (schema IFC4)');
    expect(console.code).toBe(0);
    await cli('check', 'bad-guid.ifc', 'walls.ids', '--validate', '--out', 'check.html');
    expect(readFileSync(join(dir, 'check.html'), 'utf8')).toContain('<section id="validity">');
  });

  it('words the findings in the language of --lang (issue 31)', async () => {
    const console = await cli('check', 'bad-guid.ifc', 'walls.ids', '--validate', '--lang', 'de');
    expect(console.out).toContain("#11 IfcWall 9bad: Die GlobalId '9bad' ist fehlerhaft");
    await cli('check', 'bad-guid.ifc', 'walls.ids', '--validate', '--lang', 'fr', '--out', 'check-fr.html');
    expect(readFileSync(join(dir, 'check-fr.html'), 'utf8')).toContain(
      'Le GlobalId &#39;9bad&#39; est mal formé',
    );
  });
});
