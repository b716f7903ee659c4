/**
 * Project rules exported to IDS both ways: a rule IDS can state becomes a valid IDS specification
 * that the IDS engine checks to the same failing elements as the rules engine; the others are
 * refused, each with its reason. And `plumbline rules check|export` on the command line.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIfcFile } from '@plumbline/ifc';
import { stepText } from '@plumbline/ifc/testing/step-fixture';
import { checkProjectRules, formatMessage, parseRulesFile, type RulesDocument } from '@plumbline/validity';
import { describe, expect, it } from 'vitest';
import { checkModel } from '../src/check/check-model';
import { runCli } from '../src/cli';
import { parseIds } from '../src/parse-ids';
import { exportRulesToIds } from '../src/project-rules-export';
import { validateIds } from '../src/validate-ids';
import { captureIo } from './cli-io';

const EXPORTABLE = {
  id: 'wall-data',
  name: 'Walls carry a name and IsExternal, and no fire rating of ‘x’',
  description: 'Exported as one IDS specification.',
  appliesTo: {
    all: [
      { entity: 'IfcWallStandardCase' },
      { partOf: 'IfcBuildingStorey', relation: 'IFCRELCONTAINEDINSPATIALSTRUCTURE' },
    ],
  },
  require: {
    satisfies: {
      all: [
        { attribute: 'Name' },
        { property: 'IsExternal', propertySet: 'Pset_WallCommon' },
        { not: { property: 'FireRating', propertySet: 'Pset_WallCommon', value: 'x' } },
        { property: 'Width', propertySet: 'Qto_WallBaseQuantities', value: { min: 0.05, max: 1 } },
      ],
    },
  },
};

const REFUSED: [string, object, string][] = [
  ['unique', { unique: { attribute: 'Tag' }, within: 'storey' }, 'rules.export.unique'],
  ['count', { count: { entity: 'IfcSpace' }, relation: 'aggregates', atLeast: 1 }, 'rules.export.count'],
  [
    'compare',
    { compare: { attribute: 'OverallWidth' }, op: '<=', to: { attribute: 'OverallHeight' } },
    'rules.export.compare',
  ],
  ['any', { satisfies: { any: [{ attribute: 'Name' }, { attribute: 'Tag' }] } }, 'rules.export.any'],
  [
    'anchored pattern',
    { satisfies: { attribute: 'Tag', value: { pattern: '^D-[0-9]+$' } } },
    'rules.export.pattern',
  ],
  ['not of an entity', { satisfies: { not: { entity: 'IfcDoor' } } }, 'rules.export.notEntity'],
];

function document(): RulesDocument {
  const { document, problems } = parseRulesFile(
    JSON.stringify({
      version: 1,
      title: 'Project rules',
      rules: [
        EXPORTABLE,
        ...REFUSED.map(([id, require]) => ({
          id: id.replace(/ /g, '-'),
          name: id,
          appliesTo: { entity: 'IfcDoor' },
          require,
        })),
      ],
    }),
  );
  expect(problems).toEqual([]);
  return document!;
}

describe('exportRulesToIds', () => {
  it('writes the rules IDS can state as a valid IDS, one specification each, facets as written', async () => {
    const { xml, rules } = exportRulesToIds(document());
    expect(rules[0]).toEqual({ id: 'wall-data', exported: true });
    expect(await validateIds(xml!)).toEqual([]);
    const ids = parseIds(xml!);
    expect(ids.specifications).toHaveLength(1);
    const spec = ids.specifications[0]!;
    expect(spec).toMatchObject({
      name: EXPORTABLE.name,
      identifier: 'wall-data',
      description: EXPORTABLE.description,
    });
    expect(spec.applicability.map((f) => f.type)).toEqual(['entity', 'partOf']);
    expect(spec.requirements.map((f) => `${f.type} ${f.cardinality}`)).toEqual([
      'attribute required',
      'property required',
      'property prohibited',
      'property required',
    ]);
    expect(spec.requirements[3]).toMatchObject({
      value: { kind: 'restriction', base: 'double', minInclusive: '0.05', maxInclusive: '1' },
    });
  });

  it.each(REFUSED)('refuses %s, with the reason', (id, _require, reason) => {
    const result = exportRulesToIds(document()).rules.find((r) => r.id === id.replace(/ /g, '-'))!;
    expect(result.exported).toBe(false);
    expect(result.reason?.id).toBe(reason);
    expect(formatMessage(result.reason!)).not.toBe(reason); // the catalogue says it in words
  });

  it('writes no IDS when no rule can be stated', () => {
    const only = { ...document(), rules: document().rules.slice(1) };
    expect(exportRulesToIds(only).xml).toBeNull();
  });
});

const duplex = fileURLToPath(
  new URL('../../../../shared/ifc-samples/Duplex_A_20110907.ifc', import.meta.url),
);

describe.skipIf(!existsSync(duplex))('an exported rule, checked by the IDS engine', () => {
  it('fails the same elements as the rules engine (Duplex)', async () => {
    const doc = { ...document(), rules: document().rules.slice(0, 1) };
    const model = await readIfcFile(duplex);
    try {
      const rules = checkProjectRules(model, doc).rules[0]!;
      const report = checkModel(model, parseIds(exportRulesToIds(doc).xml!));
      const spec = report.specifications[0]!;
      expect(spec.applicableCount).toBe(rules.applicableCount);
      expect(spec.failingElements.map((e) => e.id).sort((a, b) => a - b)).toEqual(
        rules.findings.map((f) => f.stepId).sort((a, b) => a! - b!),
      );
      expect(rules.applicableCount).toBeGreaterThan(0);
      expect(rules.failedCount).toBeGreaterThan(0);
    } finally {
      model.dispose();
    }
  });
});

describe('plumbline rules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-rules-'));
  writeFileSync(
    join(dir, 'model.ifc'),
    stepText(
      'IFC4',
      `#1=IFCDOOR('1kTvXnbbzCWw8lcMd1dR4o',$,'D1',$,$,$,$,'T1',2.,1.,$,$,$);
#2=IFCDOOR('0kTvXnbbzCWw8lcMd1dR4o',$,'D2',$,$,$,$,'T1',2.,3.,$,$,$);`,
    ),
  );
  writeFileSync(join(dir, 'rules.json'), JSON.stringify({ version: 1, rules: document().rules.slice(0, 4) }));
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ version: 1, rules: [{ id: 'x' }] }));
  const cli = async (...args: string[]) => {
    const io = captureIo({ cwd: dir });
    const code = await runCli(args, io);
    return { code, out: io.out(), err: io.err() };
  };

  it('check: lists each rule (n/a when nothing applies) and exits 2 when an error rule fails', async () => {
    const result = await cli('rules', 'check', 'model.ifc', 'rules.json', '--format', 'json');
    const json = JSON.parse(result.out) as {
      rules: { rule: string; outcome: string; findings: { stepId: number }[] }[];
    };
    // No wall; the doors have no storey (unique judges none), no parts (count fails), and D2 is wider than high.
    expect(json.rules.map((r) => `${r.rule} ${r.outcome}`)).toEqual([
      'wall-data n/a',
      'unique pass',
      'count fail',
      'compare fail',
    ]);
    expect(json.rules[3]!.findings.map((f) => f.stepId)).toEqual([2]);
    expect(result.code).toBe(2);
  });

  it('export: writes the IDS of the exportable rules, says why the others were not, exits 1', async () => {
    const result = await cli('rules', 'export', 'rules.json', '--out', 'rules.ids');
    expect(result.code).toBe(1);
    expect(result.err).toContain('rule unique not exported: IDS checks each element on its own');
    expect(await validateIds(readFileSync(join(dir, 'rules.ids')))).toEqual([]);
  });

  it('refuses an invalid rules file with its problems (exit 2)', async () => {
    const result = await cli('rules', 'export', 'bad.json');
    expect(result.code).toBe(2);
    expect(result.err).toContain('the rules file bad.json is invalid');
    expect(result.err).toContain('rules[0].name: expected a non-empty string.');
    expect(result.err).toContain("rules[0]: 'appliesTo' is required.");
  });
});
