import { describe, expect, it } from 'vitest';
import { compareOutcomes, type ExpectedOutcome } from './expected-results';
import { evaluateTargets, type ModelShape, median, type SizeRow } from './report';

describe('compareOutcomes', () => {
  const expected: Record<string, ExpectedOutcome> = {
    'PB-01': { applicable: 10, failed: 2, status: 'fail' },
    'PB-02': { applicable: 3, status: 'fail' },
  };

  it('accepts matching outcomes', () => {
    expect(
      compareOutcomes(expected, [
        { identifier: 'PB-01', status: 'fail', applicableCount: 10, failedCount: 2 },
        { identifier: 'PB-02', status: 'fail', applicableCount: 3, failedCount: 3 },
      ]),
    ).toEqual([]);
  });

  it('names each difference and each missing specification', () => {
    const problems = compareOutcomes(expected, [
      { identifier: 'PB-01', status: 'pass', applicableCount: 10, failedCount: 0 },
    ]);
    expect(problems).toEqual([
      'PB-01: status pass (expected fail), failed 0 (expected 2)',
      'PB-02: missing from the report',
    ]);
  });
});

describe('report', () => {
  it('takes the median', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('judges the 200 MB row against the targets', () => {
    const row = (wallMs: number, rss: number, liteMs: number, shape: ModelShape = 'standard'): SizeRow => ({
      shape,
      sizeMb: 200,
      bytes: 200e6,
      elements: 1000,
      ours: { engine: 'plumbline', wallMs, maxRssBytes: rss, elements: 1000 },
      lite: { engine: 'ifc-lite', wallMs: liteMs, maxRssBytes: rss, elements: 1000 },
      webIfc: null,
    });
    expect(evaluateTargets([row(3000, 0.8e9, 12000)]).map((l) => l.slice(0, 4))).toEqual([
      'PASS',
      'PASS',
      'PASS',
    ]);
    expect(evaluateTargets([row(5000, 1.2e9, 20000)]).map((l) => l.slice(0, 4))).toEqual([
      'MISS',
      'MISS',
      'PASS',
    ]);
    expect(evaluateTargets([{ ...row(3000, 0.8e9, 12000), sizeMb: 10 }])[0]).toMatch(/not measured/);
    // Both shapes are judged: the many-property-sets row can miss while the standard one passes.
    const both = evaluateTargets([row(3000, 0.8e9, 12000), row(3000, 0.8e9, 6000, 'many-psets')]);
    expect(both.map((l) => l.slice(0, 4))).toEqual(['PASS', 'PASS', 'PASS', 'PASS', 'PASS', 'MISS']);
    expect(both[5]).toMatch(/many-psets 2\.0x/);
  });
});
