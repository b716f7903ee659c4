import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_IDS_MB, maxIdsBytesFrom, maxIdsElements } from './ids-size-limit';

const MiB = 1024 * 1024;

describe('IDS size limit', () => {
  it('defaults to 128 MiB, which holds a 1,000-specification pack with 1,500-value code lists (77 MiB)', () => {
    expect(DEFAULT_MAX_IDS_MB).toBe(128);
    expect(maxIdsBytesFrom({})).toBe(128 * MiB);
    expect(maxIdsBytesFrom({})).toBeGreaterThan(77.2 * MiB);
  });

  it('is set by PLUMBLINE_MAX_IDS_MB within 1 to 1024 MiB', () => {
    expect(maxIdsBytesFrom({ PLUMBLINE_MAX_IDS_MB: '16' })).toBe(16 * MiB);
    expect(maxIdsBytesFrom({ PLUMBLINE_MAX_IDS_MB: ' 1024 ' })).toBe(1024 * MiB);
  });

  it('keeps the default for a malformed or unbounded value', () => {
    for (const value of ['0', '1025', '99999', '-5', '1e3', '12.5', 'lots', ''])
      expect(maxIdsBytesFrom({ PLUMBLINE_MAX_IDS_MB: value })).toBe(128 * MiB);
  });

  it('bounds the XML elements by the size', () => {
    expect(maxIdsElements(32 * MiB)).toBe(2_000_000);
    expect(maxIdsElements(128 * MiB)).toBe(4_194_304);
  });
});
