import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parseRulesFile } from './parse';

const schema = JSON.parse(
  readFileSync(new URL('../../rules-schema.json', import.meta.url), 'utf8'),
) as object;
const validateSchema = new Ajv2020({ allErrors: true, strict: true }).compile(schema);

const RULES = {
  version: 1,
  title: 'Office project rules',
  rules: [
    {
      id: 'door-tag-unique',
      name: 'Door tags are unique per storey',
      appliesTo: { entity: 'IfcDoor' },
      require: { unique: { attribute: 'Tag' }, within: 'storey' },
    },
    {
      id: 'storey-spaces',
      name: 'Every storey has a space',
      severity: 'warning',
      appliesTo: { entity: 'IfcBuildingStorey' },
      require: { count: { entity: 'IfcSpace' }, relation: 'aggregates', atLeast: 1 },
    },
    {
      id: 'door-proportions',
      name: 'Doors are no wider than high',
      appliesTo: { entity: 'IfcDoor' },
      require: {
        compare: { attribute: 'OverallWidth' },
        op: '<=',
        to: { attribute: 'OverallHeight' },
        tolerance: 0.001,
      },
    },
    {
      id: 'wall-fire',
      name: 'Walls have a fire rating or a classification',
      appliesTo: {
        all: [
          { entity: 'IfcWall' },
          { not: { property: 'IsExternal', propertySet: 'Pset_WallCommon', value: true } },
        ],
      },
      require: {
        satisfies: {
          any: [
            { property: 'FireRating', propertySet: 'Pset_WallCommon', value: { pattern: 'EI ?[0-9]+' } },
            { classification: { system: 'Uniclass' } },
          ],
        },
      },
    },
  ],
};

describe('parseRulesFile', () => {
  it('reads a rules file of every kind, as the JSON Schema accepts it', () => {
    expect(validateSchema(RULES), JSON.stringify(validateSchema.errors)).toBe(true);
    const { document, problems } = parseRulesFile(JSON.stringify(RULES));
    expect(problems).toEqual([]);
    expect(document?.rules.map((r) => [r.id, r.severity])).toEqual([
      ['door-tag-unique', 'error'],
      ['storey-spaces', 'warning'],
      ['door-proportions', 'error'],
      ['wall-fire', 'error'],
    ]);
    expect(document!.rules[1]!.require).toEqual({
      count: { entity: 'IfcSpace' },
      relation: 'aggregates',
      atLeast: 1,
    });
  });

  it.each([
    ['an unknown key', { ...RULES.rules[0], colour: 'red' }, 'rules.file.unknownKey', 'rules[0]'],
    [
      'an unknown scope',
      { ...RULES.rules[0], require: { unique: { attribute: 'Tag' }, within: 'floor' } },
      'rules.file.enum',
      'rules[0].require.within',
    ],
    [
      'a count without bounds',
      { ...RULES.rules[1], require: { count: { entity: 'IfcSpace' } } },
      'rules.file.required',
      'rules[0].require',
    ],
    [
      'an unknown facet',
      { ...RULES.rules[0], appliesTo: { colour: 'red' } },
      'rules.file.facet',
      'rules[0].appliesTo',
    ],
    [
      'a pattern that does not compile',
      { ...RULES.rules[0], appliesTo: { attribute: 'Tag', value: { pattern: '(' } } },
      'rules.file.pattern',
      'rules[0].appliesTo.value.pattern',
    ],
    [
      'a bad operator',
      { ...RULES.rules[2], require: { compare: { attribute: 'A' }, op: '<>', to: 1 } },
      'rules.file.enum',
      'rules[0].require.op',
    ],
  ])('refuses %s, saying where, and so does the JSON Schema', (_name, rule, id, path) => {
    const file = { version: 1, rules: [rule] };
    const { document, problems } = parseRulesFile(JSON.stringify(file));
    expect(document).toBeNull();
    expect(problems[0]).toMatchObject({ path, message: { id } });
    // The schema cannot compile patterns: that one it accepts, the others it refuses too.
    expect(validateSchema(file)).toBe(id === 'rules.file.pattern');
  });

  it('refuses repeated ids, non-JSON and other versions', () => {
    const twice = { version: 1, rules: [RULES.rules[0], RULES.rules[0]] };
    expect(parseRulesFile(JSON.stringify(twice)).problems.map((p) => p.message.id)).toEqual([
      'rules.file.duplicateId',
    ]);
    expect(parseRulesFile('{ not json').problems[0]!.message.id).toBe('rules.file.json');
    expect(parseRulesFile(JSON.stringify({ ...RULES, version: 2 })).problems[0]!.message.id).toBe(
      'rules.file.enum',
    );
  });
});
