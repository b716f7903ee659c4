import { describe, expect, it } from 'vitest';
import { createRandom, decodeGuid, encodeGuid, GlobalIdFactory, spreadFraction } from './random';

const GUID = /^[0-3][0-9A-Za-z_$]{21}$/;

describe('GlobalIds', () => {
  it('encode 128 bits in 22 characters and decode back', () => {
    for (const words of [
      [0, 0, 0, 0],
      [0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff],
      [0x12345678, 0x9abcdef0, 0x0fedcba9, 0x87654321],
    ] as const) {
      const guid = encodeGuid(words[0], words[1], words[2], words[3]);
      expect(guid).toMatch(GUID);
      expect(decodeGuid(guid)).toEqual(words.map((w) => w >>> 0));
    }
    expect(encodeGuid(0, 0, 0, 0)).toBe('0000000000000000000000');
    expect(encodeGuid(0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff)).toBe('3$$$$$$$$$$$$$$$$$$$$$');
  });

  it('are unique within and across streams, and deterministic per seed', () => {
    const seen = new Set<string>();
    for (const namespace of [1, 2, 3]) {
      const factory = new GlobalIdFactory(7, namespace);
      for (let i = 0; i < 50_000; i++) {
        const id = factory.id(i);
        expect(id).toMatch(GUID);
        seen.add(id);
      }
    }
    expect(seen.size).toBe(150_000);
    expect(new GlobalIdFactory(7, 1).id(42)).toBe(new GlobalIdFactory(7, 1).id(42));
    expect(new GlobalIdFactory(8, 1).id(42)).not.toBe(new GlobalIdFactory(7, 1).id(42));
  });
});

describe('spreadFraction', () => {
  it('selects the exact share and a subset when the rate drops', () => {
    const n = 10_000;
    const at = (rate: number) => new Set([...Array(n).keys()].filter((i) => spreadFraction(i, 3) < rate));
    const tenPercent = at(0.1);
    const fourPercent = at(0.04);
    expect(Math.abs(tenPercent.size - 1000)).toBeLessThanOrEqual(3);
    expect(Math.abs(fourPercent.size - 400)).toBeLessThanOrEqual(3);
    for (const i of fourPercent) expect(tenPercent.has(i)).toBe(true);
  });
});

describe('createRandom', () => {
  it('repeats for a seed and stays in [0, 1)', () => {
    const a = createRandom(5);
    const b = createRandom(5);
    for (let i = 0; i < 1000; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });
});
