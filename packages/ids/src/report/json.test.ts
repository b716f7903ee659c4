import { describe, expect, it } from 'vitest';
import { reportSchemaErrors } from '../../test/report-schema';
import {
  failingReport,
  invalidReport,
  manyFailuresReport,
  passingReport,
  prohibitedFailingReport,
} from './fixtures';
import { formatJsonReport, toJsonReport } from './json';

describe('JSON reporter', () => {
  it.each([
    ['failing', failingReport],
    ['passing', passingReport],
    ['invalid', invalidReport],
    ['large', manyFailuresReport(200)],
    ['prohibited', prohibitedFailingReport],
  ])('writes a %s report that conforms to report-schema.json', (_name, report) => {
    const parsed = JSON.parse(formatJsonReport(report));
    expect(reportSchemaErrors(parsed)).toEqual([]);
  });

  it('carries status, per-specification counts and failures with reasons', () => {
    const json = toJsonReport(failingReport);
    expect(json.status).toBe('fail');
    expect(json.summary).toEqual({
      specifications: 4,
      specificationsPassed: 2,
      specificationsFailed: 2,
      checks: 7,
      checksPassed: 4,
      checksFailed: 3,
      failingElements: 3,
    });
    const walls = json.specifications[0]!;
    expect(walls).toMatchObject({
      name: 'Walls carry a fire rating & material',
      status: 'fail',
      applicable: 5,
      passed: 2,
      failed: 3,
    });
    expect(walls.failingElements.map((element) => element.id)).toEqual([1402, 1577, 1733]);
    expect(walls.failingElements[1]!.failures[0]).toEqual({
      facetIndex: 0,
      type: 'property',
      outcome: 'mismatch',
      reason: 'Pset_WallCommon.FireRating has value "F90", expected matching pattern EI[0-9]{2,3}',
      actualValue: 'F90',
    });
    expect(walls.requirements[0]).toEqual({
      type: 'property',
      description: 'Pset_WallCommon.FireRating (IFCLABEL) matching pattern EI[0-9]{2,3}',
      cardinality: 'required',
    });
    expect(json.specifications[2]!.reason).toBe(
      'No element matches the applicability, but the specification is required',
    );
  });

  it('keeps the problems of an invalid IDS', () => {
    const json = toJsonReport(invalidReport);
    expect(json.status).toBe('invalid');
    expect(json.specifications).toEqual([]);
    expect(json.problems[0]).toMatchObject({ line: 14, column: 9 });
  });

  it('is caught by the schema when a field goes missing or changes type', () => {
    const json = JSON.parse(formatJsonReport(failingReport));
    delete json.specifications[0].failed;
    json.status = 'passed';
    json.specifications[1].applicable = '2';
    expect(reportSchemaErrors(json).sort()).toEqual([
      '/specifications/0 required',
      '/specifications/1/applicable type',
      '/status enum',
    ]);
  });
});
