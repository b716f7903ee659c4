import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  clearSection,
  normaliseRange,
  toggleSelected,
  visibleOptions,
} from './filter-state';

describe('filter panel state', () => {
  it('toggles options in and out, dropping emptied sections', () => {
    let selected = toggleSelected({}, 'category', 'Walls');
    selected = toggleSelected(selected, 'category', 'Doors');
    expect(selected).toEqual({ category: ['Walls', 'Doors'] });
    selected = toggleSelected(selected, 'category', 'Walls');
    expect(selected).toEqual({ category: ['Doors'] });
    expect(toggleSelected(selected, 'category', 'Doors')).toEqual({});
  });

  it('clears a section and counts active filters, ranges included', () => {
    const selected = { category: ['Walls'], level: ['L1', 'L2'] };
    expect(clearSection(selected, 'level')).toEqual({ category: ['Walls'] });
    expect(activeFilterCount(selected, { width: [1, 2] })).toBe(4);
  });

  it('normalises a range into its bounds and drops a full range', () => {
    const range = { key: 'w', label: 'Width', min: 0, max: 10, step: 1 };
    expect(normaliseRange(range, 8, 2)).toEqual([2, 8]);
    expect(normaliseRange(range, -5, 4)).toEqual([0, 4]);
    expect(normaliseRange(range, 0, 10)).toBeNull();
  });

  it('filters options by label, keeping selected ones', () => {
    const options = [
      { key: 'a', label: 'Pset_WallCommon', count: 3 },
      { key: 'b', label: 'Qto_WallBaseQuantities', count: 2 },
      { key: 'c', label: 'Pset_DoorCommon', count: 1 },
    ];
    expect(visibleOptions(options, 'door', []).map((o) => o.key)).toEqual(['c']);
    expect(visibleOptions(options, 'DOOR', ['a']).map((o) => o.key)).toEqual(['a', 'c']);
    expect(visibleOptions(options, ' ', [])).toHaveLength(3);
  });
});
