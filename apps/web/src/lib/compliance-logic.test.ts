import { describe, expect, it } from 'vitest';
import {
  chartLabel,
  chartLabelMargin,
  complianceBand,
  fitChartLabel,
  nextSort,
  normaliseChartRows,
  sortRows,
  summaryStatus,
} from './compliance-logic';

describe('compliance bands', () => {
  it('puts 80 and above in passed, 50 to under 80 in warning, below 50 in failed', () => {
    expect(complianceBand(100)).toBe('passed');
    expect(complianceBand(80)).toBe('passed');
    expect(complianceBand(79.9)).toBe('warning');
    expect(complianceBand(50)).toBe('warning');
    expect(complianceBand(49.9)).toBe('failed');
    expect(complianceBand(0)).toBe('failed');
  });

  it('grades summary cards excellent, good, warning, critical at 80, 60, 40', () => {
    expect([80, 60, 40, 39].map(summaryStatus)).toEqual(['excellent', 'good', 'warning', 'critical']);
  });
});

describe('sort cycle', () => {
  it('cycles ascending, descending, off; another column starts ascending', () => {
    const asc = nextSort(null, 'name');
    expect(asc).toEqual({ key: 'name', direction: 'asc' });
    const desc = nextSort(asc, 'name');
    expect(desc).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort(desc, 'name')).toBeNull();
    expect(nextSort(desc, 'rate')).toEqual({ key: 'rate', direction: 'asc' });
  });

  it('sorts numbers and text, keeps the input order when off, puts missing values last', () => {
    const rows = [
      { name: 'Wall 10', rate: 5 },
      { name: 'wall 9', rate: null },
      { name: 'Door', rate: 50 },
    ];
    const value = (row: (typeof rows)[number], key: 'name' | 'rate') => row[key];
    expect(sortRows(rows, { key: 'name', direction: 'asc' }, value).map((r) => r.name)).toEqual([
      'Door',
      'wall 9',
      'Wall 10',
    ]);
    expect(sortRows(rows, { key: 'rate', direction: 'desc' }, value).map((r) => r.rate)).toEqual([
      50,
      5,
      null,
    ]);
    expect(sortRows(rows, null, value)).toEqual(rows);
  });
});

describe('chart rows', () => {
  it("drops ' Specifications' and 'IDS_' from labels", () => {
    expect(chartLabel('IDS_Architectural Specifications')).toBe('Architectural');
    expect(chartLabel('Doors')).toBe('Doors');
  });

  it('keeps percentages when every value is at most 100', () => {
    expect(
      normaliseChartRows([{ category_name: 'IDS_Walls', exists: 100, populated: 80, compliant: 40 }]),
    ).toEqual([{ label: 'Walls', exists: 100, populated: 80, compliant: 40 }]);
  });

  it('turns counts into percentages of the exists count when any value exceeds 100', () => {
    expect(
      normaliseChartRows([
        { category: 'Doors Specifications', exists_percent: 200, populated: 150, compliant: 50 },
        { category: 'Empty', exists: 0, populated: 0, compliant: 0 },
      ]),
    ).toEqual([
      { label: 'Doors', exists: 100, populated: 75, compliant: 25 },
      { label: 'Empty', exists: 0, populated: 0, compliant: 0 },
    ]);
  });

  it('sizes the label margin at 6 px per character between 80 and 120', () => {
    expect(chartLabelMargin(['Door'])).toBe(80);
    expect(chartLabelMargin(['x'.repeat(17)])).toBe(102);
    expect(chartLabelMargin(['x'.repeat(40)])).toBe(120);
    expect(chartLabelMargin([])).toBe(80);
  });

  it('cuts a long label to its margin with an ellipsis', () => {
    expect(fitChartLabel('Doors', 80)).toBe('Doors');
    const cut = fitChartLabel('Walls have an EN 13501 fire rating', 120);
    expect(cut).toBe('Walls have an…');
    expect(cut.length).toBe(14);
  });
});
