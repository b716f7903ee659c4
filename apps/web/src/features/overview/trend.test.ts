import type { TrendPoint } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { fitTrendLabel, normalizeTrend, trendColorsFrom, trendLabel } from './trend';

const point = (date: string, version_tag: string, v: number[], file_name = 'a.ifc'): TrendPoint => ({
  date,
  version_tag,
  file_name,
  exists: v[0] as number,
  populated: v[1] as number,
  compliant: v[2] as number,
  compliance_score: v[3] as number,
});

describe('normalizeTrend', () => {
  it('multiplies fractions (every value 1 or less) by 100', () => {
    const [row] = normalizeTrend([point('2026-11-01T10:00:00Z', 'v1', [1, 0.755, 0.5, 0.25])]);
    expect(row).toMatchObject({ exists: 100, populated: 75.5, compliant: 50, compliance_score: 25 });
  });

  it('keeps percentages as they are, small ones included', () => {
    const rows = normalizeTrend([
      point('2026-11-01T10:00:00Z', 'v1', [80, 60, 0.5, 40]),
      point('2026-11-02T10:00:00Z', 'v2', [90, 70, 1, 50]),
    ]);
    expect(rows.map((r) => r.compliant)).toEqual([0.5, 1]);
  });

  it('collapses points with the same label, keeping the latest', () => {
    const rows = normalizeTrend([
      point('2026-11-01T09:00:00Z', 'v1', [10, 10, 10, 10], 'a.ifc'),
      point('2026-11-02T09:00:00Z', 'v2', [20, 20, 20, 20], 'a.ifc'),
      point('2026-11-01T15:00:00Z', 'v1', [30, 30, 30, 30], 'a.ifc'),
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ label: trendLabel(point('2026-11-01T09:00:00Z', 'v1', [])), exists: 30 });
    expect(rows[1]).toMatchObject({ exists: 20 });
  });

  it("keeps two files' versions of the same day as two points, each named by its file", () => {
    const rows = normalizeTrend([
      point('2026-11-01T09:00:00Z', 'v1', [10, 10, 10, 10], 'office.ifc'),
      point('2026-11-01T15:00:00Z', 'v1', [30, 30, 30, 30], 'duplex.ifc'),
    ]);
    expect(rows.map((r) => [r.file_name, r.exists])).toEqual([
      ['office.ifc', 10],
      ['duplex.ifc', 30],
    ]);
    expect(rows[0]?.label).toContain('office.ifc v1');
    expect(rows[1]?.label).toContain('duplex.ifc v1');
  });

  it('is empty without points', () => {
    expect(normalizeTrend([])).toEqual([]);
  });
});

describe('trendColorsFrom', () => {
  it('takes the colour file, falling back for missing or malformed entries', () => {
    const colors = trendColorsFrom({ trend: { exists: '#111111', compliant: 'red' } });
    expect(colors.exists).toBe('#111111');
    expect(colors.compliant).toMatch(/^#/);
    expect(colors.compliant).not.toBe('red');
  });
});

describe('fitTrendLabel', () => {
  it('keeps a short label and cuts the middle of a long one, so two files stay told apart', () => {
    expect(fitTrendLabel('1 Nov 2026 · v1')).toBe('1 Nov 2026 · v1');
    const a = fitTrendLabel('27 Nov 2026 · windows.ifc v1');
    const b = fitTrendLabel('27 Nov 2026 · windows-copy.ifc v1');
    for (const cut of [a, b]) {
      expect(cut.length).toBeLessThanOrEqual(26);
      expect(cut).toContain('…');
      expect(cut.startsWith('27 Nov 2026')).toBe(true);
      expect(cut.endsWith('.ifc v1')).toBe(true);
    }
    expect(a).not.toBe(b);
  });
});
