import type { TrendPoint } from '@plumbline/contracts';
import { formatDate } from '@/lib/format';

export const TREND_SERIES = ['exists', 'populated', 'compliant', 'compliance_score'] as const;
export type TrendSeries = (typeof TREND_SERIES)[number];

export type TrendRow = { label: string; file_name: string; version_tag: string } & Record<
  TrendSeries,
  number
>;

/**
 * The label a point is drawn at: its day and version tag ('22 Nov 2026 · v2'), with the file's name
 * when the trend spans several files, so two files' versions of one day stay two points.
 */
export function trendLabel(
  point: Pick<TrendPoint, 'date' | 'version_tag' | 'file_name'>,
  withFile = false,
): string {
  return withFile
    ? `${formatDate(point.date)} · ${point.file_name} ${point.version_tag}`
    : `${formatDate(point.date)} · ${point.version_tag}`;
}

/**
 * A trend label cut to about what fits under its point, the full text kept for the hover title. The
 * middle goes: the day at the start and the file's end and version tag at the end are what tell two
 * points apart.
 */
export function fitTrendLabel(label: string, room = 26): string {
  if (label.length <= room) return label;
  const head = Math.floor((room - 1) / 2);
  const tail = room - 1 - head;
  return `${label.slice(0, head).trimEnd()}…${label.slice(-tail).trimStart()}`;
}

/**
 * Chart rows from trend points (spec 1 §5): when every value is 1 or less the data are fractions
 * and are multiplied by 100 (decision 0097: judged over the whole trend, so a genuine 0.5 % among
 * larger percentages is not blown up to 50 %); points with the same label collapse, the latest
 * (last in order) kept at the position of the first. Labels name the file when there are several,
 * so only the same file's same version on the same day (a re-check) collapses.
 */
export function normalizeTrend(points: readonly TrendPoint[]): TrendRow[] {
  const values = points.flatMap((p) => TREND_SERIES.map((s) => p[s]));
  const scale = values.length > 0 && values.every((v) => v <= 1) ? 100 : 1;
  const withFile = new Set(points.map((p) => p.file_name)).size > 1;
  const rows = new Map<string, TrendRow>();
  for (const point of points) {
    const label = trendLabel(point, withFile);
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
