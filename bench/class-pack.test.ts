/** The benchmark's entity-class packs (issue 36) are valid IDS (ids.xsd and the semantic audit) and seeded. */
import { parseIds, validateIds } from '@plumbline/ids';
import { describe, expect, it } from 'vitest';
import { classPack } from './lib/class-pack';

describe('entity-class pack', () => {
  it.each([
    { specifications: 48, codeListLength: 10 },
    { specifications: 12, codeListLength: 1500 },
  ])('is valid against ids.xsd: %o', async (options) => {
    const xml = classPack(options);
    expect(await validateIds(xml)).toEqual([]);
    const ids = parseIds(xml);
    expect(ids.problems).toEqual([]);
    expect(ids.specifications).toHaveLength(options.specifications);
    for (const s of ids.specifications) {
      expect(s.applicability[0]?.type).toBe('entity');
      expect(s.requirements.length).toBeGreaterThanOrEqual(3);
      expect(s.requirements.length).toBeLessThanOrEqual(6);
    }
  });

  it('draws from a small shared pool: few distinct requirement facets, code lists included', () => {
    const ids = parseIds(classPack({ specifications: 848, codeListLength: 10 }));
    const facets = new Set<string>();
    const lists = new Set<string>();
    let uses = 0;
    for (const s of ids.specifications)
      s.requirements.forEach((f, i) => {
        uses++;
        const key = JSON.stringify({ ...f, location: null });
        facets.add(key);
        if (i === 0) lists.add(key);
      });
    expect(uses).toBeGreaterThan(3 * 848);
    expect(facets.size).toBeLessThan(250);
    expect(lists.size).toBe(36);
  });

  it('holds the same specifications whatever the lists’ length, and is the same for the same seed', () => {
    const strip = (xml: string) =>
      xml.replace(/<xs:enumeration value="[^"]*"\/>\s*/g, '').replace(/code lists of \d+/, '');
    expect(strip(classPack({ specifications: 60, codeListLength: 10 }))).toBe(
      strip(classPack({ specifications: 60, codeListLength: 1500 })),
    );
    expect(classPack({ specifications: 50, codeListLength: 20, seed: 3 })).toBe(
      classPack({ specifications: 50, codeListLength: 20, seed: 3 }),
    );
    expect(classPack({ specifications: 50, codeListLength: 20, seed: 3 })).not.toBe(
      classPack({ specifications: 50, codeListLength: 20, seed: 4 }),
    );
  });
});
