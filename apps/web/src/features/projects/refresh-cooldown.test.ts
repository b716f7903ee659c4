import { describe, expect, it } from 'vitest';
import { laterOf, msUntilNextHourTick, refreshHoursLeft } from './refresh-cooldown';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.UTC(2026, 10, 22) + ms);
const last = at(0).toISOString();

describe('refreshHoursLeft', () => {
  it('is 24 right after processing, rounds up, and 0 once 24 hours have passed', () => {
    expect(refreshHoursLeft(last, at(0))).toBe(24);
    expect(refreshHoursLeft(last, at(1))).toBe(24);
    expect(refreshHoursLeft(last, at(HOUR))).toBe(23);
    expect(refreshHoursLeft(last, at(23.5 * HOUR))).toBe(1);
    expect(refreshHoursLeft(last, at(24 * HOUR))).toBe(0);
    expect(refreshHoursLeft(null, at(0))).toBe(0);
  });
});

describe('msUntilNextHourTick', () => {
  it('waits until the figure drops by one hour', () => {
    expect(msUntilNextHourTick(last, at(0))).toBe(HOUR);
    expect(msUntilNextHourTick(last, at(0.25 * HOUR))).toBe(0.75 * HOUR);
    expect(msUntilNextHourTick(last, at(24 * HOUR))).toBeNull();
    expect(msUntilNextHourTick(null, at(0))).toBeNull();
  });
});

describe('laterOf', () => {
  it('picks the later instant, either may be missing', () => {
    expect(laterOf(last, at(HOUR).toISOString())).toBe(at(HOUR).toISOString());
    expect(laterOf(null, last)).toBe(last);
    expect(laterOf(last, null)).toBe(last);
  });
});
