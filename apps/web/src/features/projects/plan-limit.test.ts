import type { ProjectLimits } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { readLimit } from './plan-limit';

function limitsOf(overrides: Partial<ProjectLimits>): ProjectLimits {
  return {
    plan: 'Default (no plan)',
    limits: {
      maxFiles: 15,
      maxStorageGB: 3,
      maxUsers: 5,
      refreshFrequency: 'manual',
      allowRefresh: true,
      maxReportsPerMonth: 5,
    },
    usage: { files: 0, storageBytes: 0, users: 1 },
    violations: [],
    ...overrides,
  };
}

describe('the plan limit where files and members are added', () => {
  it('counts files and members as the server reports them', () => {
    const limits = limitsOf({ usage: { files: 7, storageBytes: 0, users: 3 } });
    expect(readLimit(limits, 'files')).toMatchObject({ text: '7 of 15 files', severity: null, notice: null });
    expect(readLimit(limits, 'users')).toMatchObject({ text: '3 of 5 members', severity: null });
  });

  it("warns with the server's warning, not a share of its own", () => {
    // 4 of 5 members is the server's 80 % warning.
    const warned = limitsOf({
      usage: { files: 1, storageBytes: 0, users: 4 },
      violations: [{ type: 'users', current: 4, limit: 5, severity: 'warning' }],
    });
    const reading = readLimit(warned, 'users');
    expect(reading.severity).toBe('warning');
    expect(reading.notice).toBe('Nearly at the Default (no plan) limit: 1 member left.');
    // The files limit has no violation of its own, so no warning there.
    expect(readLimit(warned, 'files').severity).toBeNull();
  });

  it('says when the limit is reached (the server still calls it a warning)', () => {
    const full = limitsOf({
      usage: { files: 1, storageBytes: 0, users: 5 },
      violations: [{ type: 'users', current: 5, limit: 5, severity: 'warning' }],
    });
    expect(readLimit(full, 'users').notice).toBe(
      'The Default (no plan) limit is reached: no more members can be added.',
    );
  });

  it('says when a limit is exceeded', () => {
    const over = limitsOf({
      plan: 'Blueprint',
      limits: { ...limitsOf({}).limits, maxFiles: 10 },
      usage: { files: 12, storageBytes: 0, users: 1 },
      violations: [{ type: 'files', current: 12, limit: 10, severity: 'error' }],
    });
    const reading = readLimit(over, 'files');
    expect(reading.text).toBe('12 of 10 files');
    expect(reading.severity).toBe('error');
    expect(reading.notice).toMatch(/^Over the Blueprint limit of 10 files/);
  });
});
