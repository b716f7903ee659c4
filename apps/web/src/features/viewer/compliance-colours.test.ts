import { describe, expect, it } from 'vitest';
import { STATUS_COLORS } from '@/lib/compliance-logic';
import { colourGroups, DIMMED_COLOUR, drawnCount, modelStatuses } from './compliance-colours';

describe('compliance colours (spec 3 §5, §9)', () => {
  it('uses the spec colours', () => {
    expect(STATUS_COLORS).toEqual({
      passed: '#22c55e',
      warning: '#eab308',
      failed: '#ef4444',
      not_applicable: '#6b7280',
    });
  });

  it('colours only elements the model has; unlisted ones are not applicable', () => {
    const groups = modelStatuses(
      { viewer_db_ids: [10, 11, 12, 99], statuses: ['passed', 'failed', 'warning', 'failed'] },
      [10, 11, 12, 13],
    );
    const colours = colourGroups(groups);
    expect(colours.get('#22c55e')).toEqual([10]);
    expect(colours.get('#ef4444')).toEqual([11]);
    expect(colours.get('#eab308')).toEqual([12]);
    expect(colours.get('#6b7280')).toEqual([13]);
    expect(drawnCount(groups)).toBe(4);
  });

  it('dims every other status when filtered by one, and counts all of them still', () => {
    const groups = modelStatuses(
      { viewer_db_ids: [10, 11, 12], statuses: ['passed', 'failed', 'failed'] },
      [10, 11, 12, 13],
    );
    const colours = colourGroups(groups, 'failed');
    expect(colours.get('#ef4444')).toEqual([11, 12]);
    expect(colours.get(DIMMED_COLOUR)).toEqual([10, 13]);
    expect(colours.has('#22c55e')).toBe(false);
    expect(drawnCount(groups)).toBe(4);
  });
});
