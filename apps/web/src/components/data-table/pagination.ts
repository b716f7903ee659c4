/** Pure paging rules shared by every table (spec 2 §4 "Tables"). Pages are 0-based here. */

export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page beyond the last (after filtering or deleting) falls back to the last page; negatives to 0. */
export function clampPage(page: number, total: number, pageSize: number): number {
  const last = pageCount(total, pageSize) - 1;
  if (!Number.isFinite(page) || page < 0) return 0;
  return Math.min(Math.floor(page), last);
}

export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, items.length, pageSize);
  return items.slice(current * pageSize, current * pageSize + pageSize);
}

/** The paging bar shows only when there is more than one page of (filtered) rows. */
export function needsPaging(total: number, pageSize: number): boolean {
  return total > pageSize;
}

/** "11–20 of 42" (1-based, inclusive). */
/** The rows a page shows, 1-based (`from` 0 when there are none); the words are the catalogue's. */
export function pageRange(page: number, total: number, pageSize: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const current = clampPage(page, total, pageSize);
  const from = current * pageSize + 1;
  return { from, to: Math.min(total, from + pageSize - 1) };
}

export type SortDirection = 'asc' | 'desc' | false;

/** Clicking a sortable column cycles ascending, descending, then off (spec 1 §2.3, spec 2 §4). */
export function nextSortDirection(current: SortDirection): SortDirection {
  if (current === false) return 'asc';
  if (current === 'asc') return 'desc';
  return false;
}
