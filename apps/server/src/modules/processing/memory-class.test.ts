import { describe, expect, it } from 'vitest';
import { MemoryBudget } from '../../platform/memory-admission';
import { processingMemoryClass } from './memory-class';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('the memory class of processing a model', () => {
  it('is 128 MiB plus five bytes per byte of model, in 256 MiB classes', () => {
    // 1 GB: 128 MiB + 5 GB = 5,134,217,728 bytes, 19.1 classes: 20 classes, 5 GiB.
    expect(processingMemoryClass(1_000_000_000)).toBe(5 * GiB);
    // 200 MB: 1,134,217,728 bytes, 4.2 classes: 5 classes.
    expect(processingMemoryClass(200_000_000)).toBe(1280 * MiB);
    // 10 MB: 184 MB, one class.
    expect(processingMemoryClass(10_000_000)).toBe(256 * MiB);
  });

  it('a 1 GB model does not start beside another on a worker without the headroom', () => {
    const eight = new MemoryBudget(8 * GiB);
    expect(eight.admit('first', processingMemoryClass(1_000_000_000))).toBe(true);
    expect(eight.admit('second', processingMemoryClass(1_000_000_000))).toBe(false);
    expect(eight.admit('small', processingMemoryClass(10_000_000))).toBe(true);
    const twelve = new MemoryBudget(12 * GiB);
    expect(twelve.admit('first', processingMemoryClass(1_000_000_000))).toBe(true);
    expect(twelve.admit('second', processingMemoryClass(1_000_000_000))).toBe(true);
  });
});
