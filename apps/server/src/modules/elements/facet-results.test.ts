import type { Facet } from '@plumbline/ids';
import { idsWords } from '@plumbline/ids/report/words';
import { describe, expect, it } from 'vitest';
import { toStoredFacet } from '../idsfiles';
import { buildElementCompliance, overallStatus } from './compliance';
import { applicabilityResults, type ElementFacts, type FacetPair, requirementResults } from './facet-results';

const at = { line: 1, column: 1 };
const entity = (name: string, predefinedType: string | null = null): Facet => ({
  type: 'entity',
  name: { kind: 'simple', value: name },
  predefinedType: predefinedType === null ? null : { kind: 'simple', value: predefinedType },
  location: at,
  cardinality: 'required',
  instructions: null,
});
const property = (set: string, name: string, value: string | null = null): Facet => ({
  type: 'property',
  propertySet: { kind: 'simple', value: set },
  baseName: { kind: 'simple', value: name },
  value: value === null ? null : { kind: 'simple', value },
  dataType: null,
  uri: null,
  location: at,
  cardinality: 'required',
  instructions: null,
});
const pair = (facet: Facet, i = 0): FacetPair => ({ stored: toStoredFacet(facet, `f${i}`), parsed: facet });
const en = idsWords('en');
/** The engine's failure of an empty FireRating, as element_results stores it (no sentence). */
const fireRatingEmpty = {
  facetIndex: 1,
  type: 'property',
  outcome: 'empty',
  kind: 'propertyEmpty',
  subject: 'Pset_WallCommon.FireRating',
} as const;

const wall: ElementFacts = {
  ifcClass: 'IFCWALL',
  entityName: 'IfcWall',
  predefinedType: 'PARTITIONING',
  properties: [
    { propertySet: 'Pset_WallCommon', name: 'IsExternal', value: 'false', dataType: 'IFCBOOLEAN' },
    { propertySet: 'Pset_WallCommon', name: 'FireRating', value: null, dataType: null },
  ],
};

describe('requirement facet results', () => {
  it("marks a facet failed with the engine's reasons and the element's property facts", () => {
    const facets = [pair(entity('IFCWALL'), 0), pair(property('Pset_WallCommon', 'FireRating', 'EI 60'), 1)];
    const [first, second] = requirementResults(facets, [fireRatingEmpty], wall, en);
    expect(first).toMatchObject({ facet_type: 'entity', is_satisfied: true, result: 'passed', errors: [] });
    expect(first?.details).toMatchObject({
      element_class: 'IfcWall',
      required_entity: 'IFCWALL',
      entity_match: true,
    });
    expect(second).toMatchObject({
      facet_type: 'property',
      is_satisfied: false,
      result: 'failed',
      errors: ['Pset_WallCommon.FireRating has no value'],
    });
    expect(second?.details).toMatchObject({
      property_set: 'Pset_WallCommon',
      property_name: 'FireRating',
      property_exists: true,
      property_populated: false,
      property_value: null,
      required_value: 'EI 60',
      value_constraints: [{ type: 'simpleValue', value: 'EI 60' }],
    });
  });
});

describe('applicability facet results', () => {
  it('are all applicable when the engine found the element applicable', () => {
    const results = applicabilityResults([pair(entity('IFCWALL'))], true, wall, en);
    expect(results).toMatchObject([{ is_satisfied: true, result: 'applicable' }]);
  });

  it('decide entity and property presence for an element outside the specification', () => {
    const results = applicabilityResults(
      [
        pair(entity('IFCDOOR'), 0),
        pair(entity('IFCWALL', 'SHEAR'), 1),
        pair(property('Pset_WallCommon', 'AcousticRating'), 2),
        pair(property('Pset_WallCommon', 'IsExternal'), 3),
        pair(property('Pset_WallCommon', 'IsExternal', 'true'), 4),
      ],
      false,
      wall,
      en,
    );
    expect(results.map((r) => [r.is_satisfied, r.result])).toEqual([
      [false, 'not_applicable'],
      [false, 'not_applicable'],
      [false, 'not_applicable'],
      [true, 'applicable'],
      // A value restriction needs the model's units: left undecided rather than guessed.
      [null, 'not_applicable'],
    ]);
    expect(results[0]?.errors).toEqual(['is IFCWALL, expected IFCDOOR']);
    expect(results[1]?.errors).toEqual(['predefined type is "PARTITIONING", expected "SHEAR"']);
    expect(results[2]?.errors).toEqual(['Pset_WallCommon.AcousticRating is missing']);
  });
});

describe('element compliance summary', () => {
  it('is compliant only when every applicable specification passes', () => {
    expect(overallStatus(0, 0)).toBe('not_applicable');
    expect(overallStatus(2, 2)).toBe('compliant');
    expect(overallStatus(2, 1)).toBe('non_compliant');
    // Issue 32: a failure an approved waiver covers is Waived, never Compliant; an unwaived one wins.
    expect(overallStatus(2, 1, 1)).toBe('waived');
    expect(overallStatus(3, 1, 1)).toBe('non_compliant');
    expect(overallStatus(1, 0, 1)).toBe('waived');
  });

  it('lists failing specifications first and counts applicable and compliant ones', () => {
    const spec = (id: string, cardinality = 'required') => ({
      id,
      name: `Spec ${id}`,
      identifier: null,
      cardinality,
      position: 0,
      idsFileId: '00000000-0000-4000-8000-000000000009',
      idsFileName: 'rules.ids',
      applicabilityFacets: [toStoredFacet(entity('IFCWALL'), 'a')],
      requirementFacets: [toStoredFacet(property('Pset_WallCommon', 'FireRating'), 'r')],
    });
    const compliance = buildElementCompliance({
      elementId: 'guid',
      viewerDbId: 7,
      fileVersionId: '00000000-0000-4000-8000-000000000001',
      checkedAt: new Date('2026-01-02T03:04:05Z'),
      facts: wall,
      specifications: [spec('passing'), spec('outside'), spec('failing'), spec('banned', 'prohibited')],
      results: [
        { specificationId: 'passing', passed: true, failures: [], waived: false },
        {
          specificationId: 'failing',
          passed: false,
          failures: [{ ...fireRatingEmpty, facetIndex: 0 }],
          waived: false,
        },
        { specificationId: 'banned', passed: false, failures: [], waived: false },
      ],
      parsed: new Map(),
      words: en,
      prohibitedReason: 'The specification is prohibited: no element may match its applicability.',
      validity: { findings: [], marks: () => [] },
    });
    expect(compliance.specifications.map((s) => s.specification_id)).toEqual([
      'failing',
      'banned',
      'passing',
      'outside',
    ]);
    expect(compliance).toMatchObject({
      overall_compliance_status: 'non_compliant',
      applicable_specifications: 3,
      compliant_specifications: 1,
      waived_specifications: 0,
    });
    const [failing, banned, , outside] = compliance.specifications;
    expect(failing?.failure_reasons).toEqual(['Pset_WallCommon.FireRating has no value']);
    expect(failing?.last_checked_at).toBe('2026-01-02T03:04:05.000Z');
    expect(banned?.overall_errors).toHaveLength(1);
    expect(outside).toMatchObject({ is_applicable: false, meets_requirements: null });
    expect(outside?.requirement_results).toMatchObject([
      { result: 'not_applicable', is_satisfied: null, errors: [] },
    ]);
  });
});

describe("reasons in the reader's language", () => {
  it('renders a stored failure in the language asked for, and a result stored as a sentence as stored', () => {
    const facets = [pair(entity('IFCWALL'), 0), pair(property('Pset_WallCommon', 'FireRating', 'EI 60'), 1)];
    const [, german] = requirementResults(facets, [fireRatingEmpty], wall, idsWords('de'));
    expect(german?.errors).toEqual(['Pset_WallCommon.FireRating hat keinen Wert']);
    expect(german?.details.description).toBe('Pset_WallCommon.FireRating = "EI 60"');
    const legacy = {
      facetIndex: 1,
      type: 'property',
      outcome: 'empty',
      reason: 'Pset_WallCommon.FireRating has no value',
    } as const;
    const [, stored] = requirementResults(facets, [legacy], wall, idsWords('de'));
    expect(stored?.errors).toEqual(['Pset_WallCommon.FireRating has no value']);
  });
});

describe('a user-defined predefined type', () => {
  // IDS 1.0 entity facet: a type written .USERDEFINED. with a name answers to the name and to USERDEFINED.
  const waldo: ElementFacts = { ...wall, predefinedType: 'WALDO', predefinedTypeUserDefined: true };
  const named: ElementFacts = { ...wall, predefinedType: 'WALDO', predefinedTypeUserDefined: false };

  it('matches a USERDEFINED requirement and its own name, outside the specification too', () => {
    for (const required of ['USERDEFINED', 'WALDO']) {
      const [facet] = applicabilityResults([pair(entity('IFCWALL', required))], false, waldo, en);
      expect(facet).toMatchObject({ result: 'applicable', is_satisfied: true });
    }
    const [other] = applicabilityResults([pair(entity('IFCWALL', 'SHEAR'))], false, waldo, en);
    expect(other).toMatchObject({ result: 'not_applicable', is_satisfied: false });
  });

  it('does not match USERDEFINED when the enumeration named the value itself', () => {
    const [facet] = applicabilityResults([pair(entity('IFCWALL', 'USERDEFINED'))], false, named, en);
    expect(facet).toMatchObject({ result: 'not_applicable', is_satisfied: false });
    expect(facet?.errors).toEqual(['predefined type is "WALDO", expected "USERDEFINED"']);
  });
});
