import { describe, expect, it } from 'vitest';
import { STATUS_COLORS } from '@/lib/compliance-logic';
import { changeColourGroups, changeMarks } from './changes-colours';
import { DIMMED_COLOUR } from './compliance-colours';

describe('the Changes viewer’s colours', () => {
  it('paints new failures red, resolved ones green and every other element pale; new wins', () => {
    const marks = changeMarks([
      { kind: 'new', step_id: 10 },
      { kind: 'resolved', step_id: 11 },
      { kind: 'resolved', step_id: 12 },
      { kind: 'new', step_id: 12 },
      { kind: 'removed', step_id: 99 },
    ]);
    expect([...marks]).toEqual([
      [10, 'new'],
      [11, 'resolved'],
      [12, 'new'],
    ]);
    const groups = changeColourGroups([9, 10, 11, 12, 13], marks);
    expect(groups.get('#ef4444')).toEqual([10, 12]);
    expect(groups.get('#22c55e')).toEqual([11]);
    expect(groups.get(DIMMED_COLOUR)).toEqual([9, 13]);
    // The same colours as the compliance viewer's failed and passed.
    expect([STATUS_COLORS.failed, STATUS_COLORS.passed]).toEqual(['#ef4444', '#22c55e']);
  });
});
