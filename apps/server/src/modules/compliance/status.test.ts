import { describe, expect, it } from 'vitest';
import { percentOf } from './figures';
import { categoryLabel } from './service';
import { resultStatus } from './status';

describe('element status against a specification', () => {
  it('passes an element meeting every requirement; nothing required is not applicable', () => {
    expect(resultStatus(true, 0, 3)).toBe('passed');
    expect(resultStatus(true, 0, 0)).toBe('not_applicable');
  });

  it('warns when at least half of the requirements are met, fails below', () => {
    expect(resultStatus(false, 1, 6)).toBe('warning');
    expect(resultStatus(false, 3, 6)).toBe('warning');
    expect(resultStatus(false, 4, 6)).toBe('failed');
    expect(resultStatus(false, 1, 1)).toBe('failed');
  });

  it('never passes a failing element, even with a score of 90 or more', () => {
    expect(resultStatus(false, 1, 20)).toBe('warning');
  });

  it('fails an element matching a prohibited specification (no facet failed)', () => {
    expect(resultStatus(false, 0, 0)).toBe('failed');
  });
});

describe('percentages and chart labels', () => {
  it('rounds to one decimal and gives 0 when nothing applies', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 0)).toBe(0);
  });

  it("drops the 'IDS_' prefix and the ' Specifications' suffix", () => {
    expect(categoryLabel('IDS_Architectural Specifications')).toBe('Architectural');
    expect(categoryLabel('Doors')).toBe('Doors');
  });
});
