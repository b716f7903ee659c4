import { describe, expect, it } from 'vitest';
import { mapSpecifications, renamed, type SourceSpecification, sameMap, type TargetFile } from './reuse-map';

/** A file's specifications as a version's results name them: ids `<file>.<position>`. */
const source = (fileId: string, sha256: string, count: number, positions = [...Array(count).keys()]) =>
  positions.map(
    (position): SourceSpecification => ({
      id: `${fileId}.${position}`,
      fileId,
      sha256,
      position,
      fileSpecifications: count,
    }),
  );
const target = (id: string, sha256: string, count: number): TargetFile => ({
  id,
  sha256,
  specificationIds: Array.from({ length: count }, (_, p) => `${id}.${p}`),
});
const pairs = (map: ReturnType<typeof mapSpecifications>) =>
  map === null ? null : map.from.map((from, i) => `${from}>${map.to[i]}`).sort();

describe('the specifications stored results stand for under the active revisions', () => {
  it('pairs a revision with the same bytes position by position', () => {
    expect(pairs(mapSpecifications(source('a1', 'h', 2), [target('a2', 'h', 2)]))).toEqual([
      'a1.0>a2.0',
      'a1.1>a2.1',
    ]);
  });

  it('keeps a file that is on both sides as it is, and pairs the rest by content', () => {
    const map = mapSpecifications(
      [...source('x', 'h', 1), ...source('y', 'h', 1), ...source('z', 'k', 1)],
      [target('y', 'h', 1), target('w', 'h', 1), target('v', 'k', 1)],
    );
    expect(pairs(map)).toEqual(['x.0>w.0', 'y.0>y.0', 'z.0>v.0']);
    expect(renamed(map!)).toEqual({ from: ['x.0', 'z.0'], to: ['w.0', 'v.0'] });
  });

  it('refuses other content, a file more or less, and results missing for part of a file', () => {
    expect(mapSpecifications(source('a', 'h', 2), [target('b', 'k', 2)])).toBeNull();
    expect(mapSpecifications(source('a', 'h', 2), [target('b', 'h', 2), target('c', 'k', 1)])).toBeNull();
    expect(
      mapSpecifications([...source('a', 'h', 2), ...source('c', 'k', 1)], [target('b', 'h', 2)]),
    ).toBeNull();
    // A delete took some of the file's rows: the stored results no longer answer their key.
    expect(mapSpecifications(source('a', 'h', 3, [0, 2]), [target('b', 'h', 3)])).toBeNull();
    expect(mapSpecifications(source('a', 'h', 2), [target('b', 'h', 3)])).toBeNull();
  });

  it('ignores active files without specifications and maps nothing to nothing', () => {
    expect(pairs(mapSpecifications([], [target('e', 'h', 0)]))).toEqual([]);
    expect(pairs(mapSpecifications(source('a', 'h', 1), [target('b', 'h', 1), target('e', 'z', 0)]))).toEqual(
      ['a.0>b.0'],
    );
  });

  it('tells maps apart by their pairs, not their order', () => {
    const a = { from: ['1', '2'], to: ['a', 'b'] };
    expect(sameMap(a, { from: ['2', '1'], to: ['b', 'a'] })).toBe(true);
    expect(sameMap(a, { from: ['1', '2'], to: ['b', 'a'] })).toBe(false);
  });
});
