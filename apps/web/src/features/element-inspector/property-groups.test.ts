import { describe, expect, it } from 'vitest';
import { displayValue, groupProperties, initiallyOpenGroups, splitPropertyKey } from './property-groups';

describe('property grouping', () => {
  it('splits a key at its first colon and puts a key without one under General', () => {
    expect(splitPropertyKey('Pset_WallCommon:FireRating')).toEqual({
      set: 'Pset_WallCommon',
      name: 'FireRating',
    });
    expect(splitPropertyKey('Identity Data:URL:http')).toEqual({ set: 'Identity Data', name: 'URL:http' });
    expect(splitPropertyKey('Mark')).toEqual({ set: 'General', name: 'Mark' });
  });

  it('groups by set in first-seen order and shows null as N/A', () => {
    const groups = groupProperties({
      'Pset_WallCommon:FireRating': 'EI 60',
      Mark: 'W-01',
      'Pset_WallCommon:IsExternal': null,
      'Qto_WallBaseQuantities:Width': '0.2',
    });
    expect(groups).toEqual([
      {
        set: 'Pset_WallCommon',
        properties: [
          { name: 'FireRating', value: 'EI 60' },
          { name: 'IsExternal', value: 'N/A' },
        ],
      },
      { set: 'General', properties: [{ name: 'Mark', value: 'W-01' }] },
      { set: 'Qto_WallBaseQuantities', properties: [{ name: 'Width', value: '0.2' }] },
    ]);
    expect(initiallyOpenGroups(groups)).toEqual(['Pset_WallCommon', 'General']);
  });

  it('has no groups for an element without properties', () => {
    expect(groupProperties({})).toEqual([]);
    expect(groupProperties(null)).toEqual([]);
    expect(initiallyOpenGroups([])).toEqual([]);
  });

  it('shows numbers and booleans as text and anything else as JSON', () => {
    expect(displayValue(3.5)).toBe('3.5');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(undefined)).toBe('N/A');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
  });
});
