import { percentOf } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { categoryLabel } from './service';

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
