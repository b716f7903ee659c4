import { describe, expect, it } from 'vitest';
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
});

describe('admission', () => {
  it('refuses a class that does not fit beside the running ones, and reserves nothing for it', () => {
    const worker = new MemoryBudget(8 * GiB);
    const big = 5 * GiB;
    expect(worker.admit('first', big)).toBe(true);
    expect(worker.admit('second', big)).toBe(false); // 10 GiB > 8 GiB
    expect(worker.used).toBe(5 * GiB); // nothing reserved for the refused one
    // A smaller class fits in the 3 GiB left.
    expect(worker.admit('small', 256 * MiB)).toBe(true);
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
