import type { TrendPoint } from '@plumbline/contracts';
import { formatDate } from '@/lib/format';

export const TREND_SERIES = ['exists', 'populated', 'compliant', 'compliance_score'] as const;
export type TrendSeries = (typeof TREND_SERIES)[number];

export type TrendRow = { label: string; file_name: string; version_tag: string } & Record<
  TrendSeries,
  number
>;

/** The label a point is drawn at: its day and version tag ('22 Nov 2026 · v2'). */
export function trendLabel(point: Pick<TrendPoint, 'date' | 'version_tag'>): string {
  return `${formatDate(point.date)} · ${point.version_tag}`;
}

/**
 * Chart rows from trend points (spec 1 §5): when every value is 1 or less the data are fractions
 * and are multiplied by 100 (decision 0097: judged over the whole trend, so a genuine 0.5 % among
 * larger percentages is not blown up to 50 %); points with the same label collapse, the latest
 * (last in order) kept at the position of the first.
 */
export function normalizeTrend(points: readonly TrendPoint[]): TrendRow[] {
  const values = points.flatMap((p) => TREND_SERIES.map((s) => p[s]));
  const scale = values.length > 0 && values.every((v) => v <= 1) ? 100 : 1;
  const rows = new Map<string, TrendRow>();
  for (const point of points) {
    const label = trendLabel(point);
    const row = { label, file_name: point.file_name, version_tag: point.version_tag } as TrendRow;
    for (const series of TREND_SERIES) row[series] = Math.round(point[series] * scale * 10) / 10;
    rows.set(label, row);
  }
  return [...rows.values()];
}

export interface TrendColors {
  exists: string;
  populated: string;
  compliant: string;
  compliance_score: string;
}

/** Used only while the colour file loads or if it cannot be read. */
export const FALLBACK_TREND_COLORS: TrendColors = {
  exists: '#64748b',
  populated: '#0ea5e9',
  compliant: '#16a34a',
  compliance_score: '#7c3aed',
};

/** The trend colours of /visualization-colors.json, each falling back when missing or not a colour. */
export function trendColorsFrom(file: unknown): TrendColors {
  const trend = (file as { trend?: Record<string, unknown> } | null)?.trend ?? {};
  const pick = (key: TrendSeries) => {
    const value = trend[key];
    return typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value) ? value : FALLBACK_TREND_COLORS[key];
  };
  return {
    exists: pick('exists'),
    populated: pick('populated'),
    compliant: pick('compliant'),
    compliance_score: pick('compliance_score'),
  };
}
