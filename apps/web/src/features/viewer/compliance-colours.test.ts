import { describe, expect, it } from 'vitest';
import { colourGroups, STATUS_COLOURS, statusCounts } from './compliance-colours';

describe('compliance colours (spec 3 §5, §9)', () => {
  it('uses the spec colours', () => {
    expect(STATUS_COLOURS).toEqual({
      passed: '#22c55e',
      warning: '#eab308',
      failed: '#ef4444',
      not_applicable: '#6b7280',
    });
  });

  it('colours only elements the model has; unlisted ones are not applicable', () => {
    const groups = colourGroups(
      { viewer_db_ids: [10, 11, 12, 99], statuses: ['passed', 'failed', 'warning', 'failed'] },
      [10, 11, 12, 13],
    );
    expect(groups.get('#22c55e')).toEqual([10]);
    expect(groups.get('#ef4444')).toEqual([11]);
    expect(groups.get('#eab308')).toEqual([12]);
    expect(groups.get('#6b7280')).toEqual([13]);
    expect(statusCounts(groups)).toEqual({ passed: 1, warning: 1, failed: 1, not_applicable: 1 });
  });
});
