import { describe, expect, it } from 'vitest';
import { expiryOf } from './service';

describe("a waiver request's expiry (issue 32: at most 365 days)", () => {
  const now = new Date('2026-12-06T15:00:00.000Z');

  it('lapses at the end of the last day named (UTC)', () => {
    expect(expiryOf('2026-12-07', now).toISOString()).toBe('2026-12-08T00:00:00.000Z');
    // Today still counts: it lapses tonight.
    expect(expiryOf('2026-12-06', now).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('takes a last day 365 days ahead and refuses one a day further, or one already past', () => {
    expect(expiryOf('2027-12-06', now).toISOString()).toBe('2027-12-07T00:00:00.000Z');
    expect(() => expiryOf('2027-12-07', now)).toThrow();
    expect(() => expiryOf('2026-12-05', now)).toThrow();
    expect(() => expiryOf('2026-13-40', now)).toThrow();
  });
});
