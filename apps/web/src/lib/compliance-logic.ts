import { COMPLIANCE_STATUS_LABELS, type ComplianceStatus, percentOf } from '@plumbline/contracts';

/**
 * Status colours (spec 3 §8): passed, warning, failed, not applicable; waived (issue 32) is a deep
 * magenta (Tailwind fuchsia-800), 8.2:1 against white (WCAG AA, also for text), far in hue from the
 * other four and from the app's indigo `--primary`, so a waived element is never read as a selection,
 * a link or a button (decision 0335). Its shield icon stays the cue that needs no colour.
 */
export const STATUS_COLORS: Record<ComplianceStatus, string> = {
  passed: '#22c55e',
  waived: '#86198f',
  warning: '#eab308',
  failed: '#ef4444',
  not_applicable: '#6b7280',
};

/** The one label set (packages/contracts figures.ts), shared with the reports. */
export const STATUS_LABELS: Record<ComplianceStatus, string> = COMPLIANCE_STATUS_LABELS;

export type ComplianceBand = 'passed' | 'warning' | 'failed';

/** Inspector bands (spec 2 §4, §9): 80 or more passed, 50 to under 80 warning, under 50 failed. */
export function complianceBand(rate: number): ComplianceBand {
  if (rate >= 80) return 'passed';
  if (rate >= 50) return 'warning';
  return 'failed';
}

/** Summary card status (spec 2 §9): excellent 80+, good 60+, warning 40+, otherwise critical. */
export function summaryStatus(rate: number): 'excellent' | 'good' | 'warning' | 'critical' {
  if (rate >= 80) return 'excellent';
  if (rate >= 60) return 'good';
  if (rate >= 40) return 'warning';
  return 'critical';
}

export type SortDirection = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  direction: SortDirection;
}

/** Clicking a column cycles ascending, descending, off (spec 1 §2.3); another column starts ascending. */
export function nextSort<K extends string>(current: SortState<K> | null, key: K): SortState<K> | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return null;
}

/** Rows sorted by `value(row)` per the sort state; the input order when sorting is off. */
export function sortRows<T, K extends string>(
  rows: readonly T[],
  sort: SortState<K> | null,
  value: (row: T, key: K) => string | number | null,
): T[] {
  if (!sort) return [...rows];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, sort.key);
    const y = value(b, sort.key);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * factor;
    return String(x).localeCompare(String(y), undefined, { numeric: true, sensitivity: 'base' }) * factor;
  });
}

/** Chart category labels drop the suffix ' Specifications' and the prefix 'IDS_' (spec 2 §3). */
export function chartLabel(name: string): string {
  return name.replace(/ Specifications$/, '').replace(/^IDS_/, '');
}

export interface ChartRowInput {
  category_name?: string | null;
  category?: string | null;
  exists?: number | null;
  exists_percent?: number | null;
  populated?: number | null;
  compliant?: number | null;
}

export interface ChartBar {
  label: string;
  exists: number;
  populated: number;
  compliant: number;
}

/**
 * Chart rows as percentages (spec 2 §5): values are taken as percentages when all are at most 100;
 * otherwise populated and compliant counts become percentages of the exists count.
 */
export function normaliseChartRows(rows: readonly ChartRowInput[]): ChartBar[] {
  const raw = rows.map((row) => ({
    label: chartLabel(row.category_name ?? row.category ?? ''),
    exists: row.exists ?? row.exists_percent ?? 0,
    populated: row.populated ?? 0,
    compliant: row.compliant ?? 0,
  }));
  const allPercent = raw.every((r) => r.exists <= 100 && r.populated <= 100 && r.compliant <= 100);
  if (allPercent) return raw;
  return raw.map((r) => ({
    label: r.label,
    exists: r.exists > 0 ? 100 : 0,
    populated: r.exists > 0 ? percentOf(r.populated, r.exists) : 0,
    compliant: r.exists > 0 ? percentOf(r.compliant, r.exists) : 0,
  }));
}

/** Left margin for the bar labels (spec 2 §9): 6 px per character of the longest, between 80 and 120. */
export function chartLabelMargin(labels: readonly string[]): number {
  const longest = labels.reduce((max, label) => Math.max(max, label.length), 0);
  return Math.min(120, Math.max(80, longest * 6));
}

/**
 * A bar label cut to fit its margin on one line (about 7 px per character at 12 px, after the tick), with an
 * ellipsis: long specification names would otherwise wrap into their neighbours.
 */
export function fitChartLabel(label: string, margin: number): string {
  const room = Math.max(4, Math.floor((margin - 20) / 7));
  return label.length <= room ? label : `${label.slice(0, room - 1).trimEnd()}…`;
}
