/**
 * The reusable filter side panel's model (spec 2 §2.4): sections of options (key, label, count),
 * the selected values per section, and range filters (min, max, step, suffix, label).
 */
export interface FilterPanelOption {
  key: string;
  label: string;
  count: number;
}

export interface FilterPanelSection {
  key: string;
  title: string;
  options: FilterPanelOption[];
}

export interface RangeFilter {
  key: string;
  label: string;
  min: number;
  max: number;
  /** 'any': decimals of any length (a property's values). */
  step: number | 'any';
  suffix?: string;
}

/** Selected option keys per section key. */
export type SelectedFilters = Record<string, string[]>;
/** Chosen [low, high] per range key; absent = the whole range. */
export type SelectedRanges = Record<string, [number, number]>;

/** Adds the option when absent, removes it when present; an emptied section disappears. */
export function toggleSelected(selected: SelectedFilters, section: string, option: string): SelectedFilters {
  const current = selected[section] ?? [];
  const next = current.includes(option) ? current.filter((o) => o !== option) : [...current, option];
  const { [section]: _removed, ...rest } = selected;
  return next.length > 0 ? { ...rest, [section]: next } : rest;
}

export function clearSection(selected: SelectedFilters, section: string): SelectedFilters {
  const { [section]: _removed, ...rest } = selected;
  return rest;
}

export function activeFilterCount(selected: SelectedFilters, ranges: SelectedRanges = {}): number {
  return Object.values(selected).reduce((n, values) => n + values.length, 0) + Object.keys(ranges).length;
}

/** A range clamped into its bounds, low ≤ high; null when it covers the whole range (no filter). */
export function normaliseRange(range: RangeFilter, low: number, high: number): [number, number] | null {
  const clamp = (v: number) => Math.min(range.max, Math.max(range.min, Number.isFinite(v) ? v : range.min));
  const a = clamp(Math.min(low, high));
  const b = clamp(Math.max(low, high));
  return a <= range.min && b >= range.max ? null : [a, b];
}

/** Options whose label contains the text (case-insensitive), selected ones always kept. */
export function visibleOptions(
  options: readonly FilterPanelOption[],
  text: string,
  selected: readonly string[],
): FilterPanelOption[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter((o) => selected.includes(o.key) || o.label.toLowerCase().includes(needle));
}
