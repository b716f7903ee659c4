import { describe, expect, it } from 'vitest';
import { processingMemoryClass } from '../modules/processing/memory-class';
import { MemoryBudget, memoryClass } from './memory-admission';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;

describe('memory classes', () => {
  it('rounds an estimate up to whole 256 MiB classes, at least one', () => {
    expect(memoryClass(0)).toBe(256 * MiB);
    expect(memoryClass(1)).toBe(256 * MiB);
    expect(memoryClass(256 * MiB)).toBe(256 * MiB);
    expect(memoryClass(256 * MiB + 1)).toBe(512 * MiB);
  });

  it('gives a model five bytes per byte plus 128 MiB, by class', () => {
    // 1 GB: 128 MiB + 5 GB = 5,134,217,728 bytes, 19.1 classes: 20 classes, 5 GiB.
    expect(processingMemoryClass(1_000_000_000)).toBe(5 * GiB);
    // 200 MB: 1,134,217,728 bytes, 4.2 classes: 5 classes.
    expect(processingMemoryClass(200_000_000)).toBe(1280 * MiB);
    // 10 MB: 184 MB, one class.
    expect(processingMemoryClass(10_000_000)).toBe(256 * MiB);
  });
});

describe('admission', () => {
  it('a 1 GB model does not start beside another on a worker without the headroom', () => {
    const worker = new MemoryBudget(8 * GiB);
    const big = processingMemoryClass(1_000_000_000);
    expect(worker.admit('first', big)).toBe(true);
    expect(worker.admit('second', big)).toBe(false); // 10 GiB > 8 GiB
    expect(worker.used).toBe(5 * GiB); // nothing reserved for the refused one
    // A small model fits in the 3 GiB left.
    expect(worker.admit('small', processingMemoryClass(10_000_000))).toBe(true);
    expect(worker.used).toBe(5 * GiB + 256 * MiB);
    // Once the first is done, the second fits.
    worker.release('first');
    expect(worker.admit('second', big)).toBe(true);
  });

  it('admits two 1 GB models on a worker with the headroom, and exactly up to the budget', () => {
    const worker = new MemoryBudget(10 * GiB);
    expect(worker.admit('a', 5 * GiB)).toBe(true);
    expect(worker.admit('b', 5 * GiB)).toBe(true);
    expect(worker.fits(256 * MiB)).toBe(false);
  });

  it('admits any job on an idle worker, even one above the whole budget', () => {
    const worker = new MemoryBudget(1 * GiB);
    expect(worker.admit('huge', 5 * GiB)).toBe(true);
    expect(worker.admit('tiny', 256 * MiB)).toBe(false);
    worker.release('huge');
    expect(worker.used).toBe(0);
    expect(worker.admit('tiny', 256 * MiB)).toBe(true);
  });
});
