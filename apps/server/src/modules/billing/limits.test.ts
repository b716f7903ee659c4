import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN, GB, refreshAllowed, violationsOf } from './limits';

const paid = { allowApiAccess: true, status: 'active', cancelAtPeriodEnd: false, paymentStatus: 'paid' };

describe('violations (warning from 80 %, error above the limit)', () => {
  it('says nothing below 80 %', () => {
    expect(violationsOf(DEFAULT_PLAN, { files: 11, storageBytes: 2 * GB, users: 3 })).toEqual([]);
  });
  it('warns at exactly 80 % and at the limit itself', () => {
    expect(violationsOf(DEFAULT_PLAN, { files: 12, storageBytes: 0, users: 5 })).toEqual([
      { type: 'files', current: 12, limit: 15, severity: 'warning' },
      { type: 'users', current: 5, limit: 5, severity: 'warning' },
    ]);
  });
  it('is an error above the limit; storage in bytes against GB × 1073741824', () => {
    expect(violationsOf(DEFAULT_PLAN, { files: 16, storageBytes: 3 * 1_073_741_824 + 1, users: 0 })).toEqual([
      { type: 'files', current: 16, limit: 15, severity: 'error' },
      { type: 'storage', current: 3 * 1_073_741_824 + 1, limit: 3 * 1_073_741_824, severity: 'error' },
    ]);
  });
});

describe('refresh rule (spec 3 §4)', () => {
  it('needs API access, active, not cancelling, paid, and no exceeded limit', () => {
    expect(refreshAllowed(paid, [])).toBe(true);
    expect(refreshAllowed({ ...paid, allowApiAccess: false }, [])).toBe(false);
    expect(refreshAllowed({ ...paid, status: 'past_due' }, [])).toBe(false);
    expect(refreshAllowed({ ...paid, cancelAtPeriodEnd: true }, [])).toBe(false);
    expect(refreshAllowed({ ...paid, paymentStatus: 'overdue' }, [])).toBe(false);
    expect(refreshAllowed(paid, [{ type: 'files', current: 21, limit: 20, severity: 'error' }])).toBe(false);
    expect(refreshAllowed(paid, [{ type: 'files', current: 17, limit: 20, severity: 'warning' }])).toBe(true);
  });
  it('lets a project without a plan refresh within its limits', () => {
    expect(refreshAllowed(null, [])).toBe(true);
    expect(refreshAllowed(null, [{ type: 'users', current: 6, limit: 5, severity: 'error' }])).toBe(false);
  });
});
