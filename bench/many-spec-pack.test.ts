/** The benchmark's many-specification packs are valid IDS (ids.xsd and the semantic audit) and seeded. */
import { parseIds, validateIds } from '@plumbline/ids';
import { describe, expect, it } from 'vitest';
import { manySpecPack } from './lib/many-spec-pack';

describe('many-specification pack', () => {
  it.each([
    { specifications: 20, codeListLength: 10 },
    { specifications: 6, codeListLength: 1500 },
    { specifications: 30, codeListLength: 12, variety: true },
  ])('is valid against ids.xsd: %o', async (options) => {
    const xml = manySpecPack(options);
    expect(await validateIds(xml)).toEqual([]);
    const ids = parseIds(xml);
    expect(ids.specifications).toHaveLength(options.specifications);
    // Specifications differ in their applicability literal.
    const literals = ids.specifications.map((s) => JSON.stringify(s.applicability));
    expect(new Set(literals).size).toBe(options.specifications);
  });

  it('is the same for the same seed and differs for another', () => {
    const options = { specifications: 50, codeListLength: 20 };
    expect(manySpecPack({ ...options, seed: 3 })).toBe(manySpecPack({ ...options, seed: 3 }));
    expect(manySpecPack({ ...options, seed: 3 })).not.toBe(manySpecPack({ ...options, seed: 4 }));
  });
});
