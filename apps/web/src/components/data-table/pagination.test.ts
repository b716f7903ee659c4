import { describe, expect, it } from 'vitest';
import { clampPage, needsPaging, nextSortDirection, pageCount, pageRange, pageSlice } from './pagination';

const items = Array.from({ length: 23 }, (_, i) => i + 1);

describe('paging', () => {
  it('counts pages, with at least one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(23, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
  });

  it('clamps a page beyond the last to the last page', () => {
    expect(clampPage(7, 23, 10)).toBe(2);
    expect(clampPage(-1, 23, 10)).toBe(0);
    expect(clampPage(1, 3, 10)).toBe(0);
  });

  it('slices the requested page', () => {
    expect(pageSlice(items, 0, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageSlice(items, 2, 10)).toEqual([21, 22, 23]);
    expect(pageSlice(items, 9, 10)).toEqual([21, 22, 23]);
  });

  it('shows the paging bar only when rows exceed the page size', () => {
    expect(needsPaging(10, 10)).toBe(false);
    expect(needsPaging(11, 10)).toBe(true);
  });

  it('labels the visible range', () => {
    expect(pageRange(1, 23, 10)).toEqual({ from: 11, to: 20 });
    expect(pageRange(2, 23, 10)).toEqual({ from: 21, to: 23 });
    expect(pageRange(0, 0, 10)).toEqual({ from: 0, to: 0 });
  });
});

describe('nextSortDirection', () => {
  it('cycles ascending, descending, off', () => {
    expect(nextSortDirection(false)).toBe('asc');
    expect(nextSortDirection('asc')).toBe('desc');
    expect(nextSortDirection('desc')).toBe(false);
  });
});
