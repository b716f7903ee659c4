import { describe, expect, it } from 'vitest';
import { processingAnnouncements, uploadMilestone } from './progress-announcements';

describe('progress announcements (issue 21)', () => {
  it('announces an upload at 25, 50 and 75 %, each once, and the last one passed when progress jumps', () => {
    const percents = [0, 10, 24, 25, 26, 49, 80, 100];
    const said: number[] = [];
    let before = 0;
    for (const now of percents) {
      const milestone = uploadMilestone(before, now);
      if (milestone !== null) said.push(milestone);
      before = Math.max(before, now);
    }
    expect(said).toEqual([25, 75]);
  });

  it('announces a file only when its status changes, not when it first appears or stays the same', () => {
    const before = new Map([
      ['a', 'pending' as const],
      ['b', 'processing' as const],
      ['c', 'completed' as const],
    ]);
    const messages = processingAnnouncements(before, [
      { id: 'a', name: 'House.ifc', status: 'processing' },
      { id: 'b', name: 'Shed.ifc', status: 'failed' },
      { id: 'c', name: 'Barn.ifc', status: 'completed' },
      { id: 'd', name: 'New.ifc', status: 'pending' },
    ]);
    expect(messages).toEqual(['House.ifc: Processing', 'Shed.ifc: Failed']);
  });
});
