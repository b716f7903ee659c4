import { describe, expect, it } from 'vitest';
import { percentOf } from './percent';

describe('percentOf, the one percentage rule', () => {
  it('gives the share out of 100 with one decimal', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(1, 8)).toBe(12.5);
    expect(percentOf(7, 7)).toBe(100);
  });

  it('gives 0 without a whole and never more than 100', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(4, 0)).toBe(0);
    expect(percentOf(4, -2)).toBe(0);
    expect(percentOf(5, 4)).toBe(100);
  });
});
