import { describe, expect, it } from 'vitest';
import { FILE_STATUS_POLL_MS, filesPollInterval, isSettled } from './file-polling';

describe('filesPollInterval', () => {
  it('polls every 5 seconds while any file is pending or processing', () => {
    expect(FILE_STATUS_POLL_MS).toBe(5000);
    expect(
      filesPollInterval([
        { status: 'completed', rechecking: false },
        { status: 'pending', rechecking: false },
      ]),
    ).toBe(5000);
    expect(
      filesPollInterval([
        { status: 'failed', rechecking: false },
        { status: 'processing', rechecking: false },
      ]),
    ).toBe(5000);
  });

  it('stops once every file is completed or failed, and when there is nothing yet', () => {
    expect(
      filesPollInterval([
        { status: 'completed', rechecking: false },
        { status: 'failed', rechecking: false },
      ]),
    ).toBe(false);
    expect(filesPollInterval([])).toBe(false);
    expect(filesPollInterval(undefined)).toBe(false);
  });

  it('keeps polling while a completed file is re-checked against changed IDS rules', () => {
    expect(filesPollInterval([{ status: 'completed', rechecking: true }])).toBe(5000);
    expect(filesPollInterval([{ status: 'completed', rechecking: false }])).toBe(false);
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
