import { describe, expect, it } from 'vitest';
import { FILE_STATUS_POLL_MS, filesPollInterval, isSettled } from './polling';

describe('filesPollInterval', () => {
  it('polls every 5 seconds while any file is pending or processing', () => {
    expect(FILE_STATUS_POLL_MS).toBe(5000);
    expect(filesPollInterval([{ status: 'completed' }, { status: 'pending' }])).toBe(5000);
    expect(filesPollInterval([{ status: 'failed' }, { status: 'processing' }])).toBe(5000);
  });

  it('stops once every file is completed or failed, and when there is nothing yet', () => {
    expect(filesPollInterval([{ status: 'completed' }, { status: 'failed' }])).toBe(false);
    expect(filesPollInterval([])).toBe(false);
    expect(filesPollInterval(undefined)).toBe(false);
  });

  it('counts only completed and failed as settled', () => {
    expect(['pending', 'processing', 'completed', 'failed'].map((s) => isSettled(s as never))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
