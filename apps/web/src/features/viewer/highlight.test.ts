import { describe, expect, it } from 'vitest';
import { highlightWithFallback, sameIdList, validViewerIds } from './highlight';

describe('highlight rules (spec 3 §4-§5)', () => {
  it('keeps only integer ids greater than 0, once each', () => {
    expect(validViewerIds([3, 0, -1, 2.5, '7', null, Number.NaN, 3, 12])).toEqual([3, 12]);
  });

  it('highlights all ids at once when it can', async () => {
    const calls: number[][] = [];
    const done = await highlightWithFallback([1, 2, 3], async (ids) => {
      calls.push(ids);
    });
    expect(done).toEqual([1, 2, 3]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('falls back to one id at a time, keeping those that work', async () => {
    const calls: number[][] = [];
    const done = await highlightWithFallback([1, 2, 3], async (ids) => {
      calls.push(ids);
      if (ids.includes(2)) throw new Error('unknown id');
    });
    expect(done).toEqual([1, 3]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });

  it('fails when not one id can be highlighted', async () => {
    await expect(
      highlightWithFallback([5, 6], async () => {
        throw new Error('viewer gone');
      }),
    ).rejects.toThrow('viewer gone');
  });

  it('treats the same ids in another order as the same list', () => {
    expect(sameIdList(['a', 'b'], ['b', 'a'])).toBe(true);
    expect(sameIdList(['a', 'b'], ['a', 'c'])).toBe(false);
    expect(sameIdList(null, ['a'])).toBe(false);
  });
});
