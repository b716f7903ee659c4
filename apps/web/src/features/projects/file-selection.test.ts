import type { AvailableFile, FileLimits } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { storageBarTone, summarizeSelection, toggled } from './file-selection';

const GIB = 1024 ** 3;
const limits: FileLimits = { max_files: 2, max_storage_bytes: GIB, source: 'default' };
const file = (id: string, name: string, size: number): AvailableFile => ({
  id,
  name,
  size_bytes: size,
  latest_size_bytes: size,
  version_count: 1,
  type: 'ifc',
  included: true,
});

describe('summarizeSelection', () => {
  const files = [file('a', 'a.ifc', 0.5 * GIB), file('b', 'b.ifc', 0.3 * GIB), file('c', 'c.ifc', 0.4 * GIB)];

  it('counts the selection and its storage share', () => {
    const s = summarizeSelection(files, new Set(['a', 'b']), limits);
    expect(s).toMatchObject({ count: 2, usedBytes: 0.8 * GIB, problem: null });
    expect(s.usedPercent).toBeCloseTo(80);
  });

  it('asks for at least one file', () => {
    expect(summarizeSelection(files, new Set(), limits).problem).toBe(
      'Please select at least one file to continue.',
    );
  });

  it('states the file limit in the spec words', () => {
    expect(
      summarizeSelection(files, new Set(['a', 'b', 'c']), { ...limits, max_storage_bytes: 10 * GIB }).problem,
    ).toBe('You have selected 3 files, but your plan allows only 2 files. Please deselect 1 file(s).');
  });

  it('states the storage limit in the spec words', () => {
    const demo: FileLimits = { max_files: 50, max_storage_bytes: 1_342_177_280, source: 'demo' };
    const big = [file('x', 'x.ifc', 1_000_000_000), file('y', 'y.ifc', 400_000_000)];
    expect(summarizeSelection(big, new Set(['x', 'y']), demo).problem).toBe(
      'Selected files exceed your storage limit of 1.25 GB. Please deselect some files.',
    );
    expect(summarizeSelection(big, new Set(['x', 'y']), demo).usedPercent).toBe(100);
  });
});

describe('storageBarTone', () => {
  it('is red above 80, yellow above 60, green otherwise', () => {
    expect([81, 80, 61, 60, 0].map(storageBarTone)).toEqual(['red', 'yellow', 'yellow', 'green', 'green']);
  });
});

describe('toggled', () => {
  it('adds and removes one id', () => {
    expect([...toggled(new Set(['a']), 'b')].sort()).toEqual(['a', 'b']);
    expect([...toggled(new Set(['a']), 'a')]).toEqual([]);
  });
});
