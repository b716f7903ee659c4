import { describe, expect, it } from 'vitest';
import { matchElements } from './element-matcher';
import { type ElementSignatures, emptySignatures } from './element-signature';

interface Element {
  id: number;
  globalId: string;
  cls?: string;
  name?: string | null;
  type?: string | null;
  level?: string | null;
  at?: [number, number, number] | null;
  props?: string | null;
}

function signatures(elements: Element[]): ElementSignatures {
  const s = emptySignatures();
  for (const e of elements) {
    s.stepId.push(e.id);
    s.globalId.push(e.globalId);
    s.ifcClass.push(e.cls ?? 'IFCWALL');
    s.name.push(e.name === undefined ? `Wall ${e.id}` : e.name);
    s.typeName.push(e.type === undefined ? 'Basic Wall' : e.type);
    s.predefinedType.push('STANDARD');
    s.predefinedTypeUserDefined.push(false);
    s.level.push(e.level === undefined ? 'Level 1' : e.level);
    const at = e.at === undefined ? [e.id, 0, 0] : e.at;
    s.x.push(at?.[0] ?? null);
    s.y.push(at?.[1] ?? null);
    s.z.push(at?.[2] ?? null);
    s.propertyHash.push(e.props === undefined ? 'p' : e.props);
  }
  return s;
}

describe('matching elements across versions', () => {
  it('matches by GlobalId first, whatever else changed', () => {
    const old = signatures([
      { id: 1, globalId: 'A' },
      { id: 2, globalId: 'B' },
    ]);
    const next = signatures([
      { id: 7, globalId: 'B', name: 'renamed', at: [50, 50, 0] },
      { id: 8, globalId: 'A' },
    ]);
    const match = matchElements(old, next);
    expect([...match.oldIndexOf]).toEqual([1, 0]);
    expect(match.kind).toEqual(['globalId', 'globalId']);
    expect(match.counts).toEqual({ matchedByGlobalId: 2, matchedByContent: 0, added: 0, removed: 0 });
  });

  it('matches regenerated GlobalIds by content: exactly equal, or close (a property or a few cm changed)', () => {
    const old = signatures([
      { id: 1, globalId: 'A' },
      { id: 2, globalId: 'B' },
      { id: 3, globalId: 'C' },
    ]);
    const next = signatures([
      { id: 1, globalId: 'X' }, // same content
      { id: 2, globalId: 'Y', props: 'q', at: [2.03, 0, 0] }, // a property changed, moved 3 cm
      { id: 3, globalId: 'Z', name: 'Other', at: [400, 0, 0] }, // another element entirely
    ]);
    const match = matchElements(old, next);
    expect([...match.oldIndexOf]).toEqual([0, 1, -1]);
    expect(match.kind).toEqual(['content', 'content', 'none']);
    expect(match.confidence[0]).toBe(1);
    expect(match.confidence[1]).toBeGreaterThanOrEqual(0.6);
    expect(match.confidence[1]).toBeLessThan(1);
    expect(match.counts).toEqual({ matchedByGlobalId: 0, matchedByContent: 2, added: 1, removed: 1 });
  });

  it('never matches across classes, nor on type, storey and properties alone', () => {
    const old = signatures([
      { id: 1, globalId: 'A' },
      { id: 2, globalId: 'B', name: 'Door' },
    ]);
    const next = signatures([
      { id: 1, globalId: 'X', cls: 'IFCDOOR' }, // same name and place, other class
      { id: 2, globalId: 'Y', name: 'Elsewhere', at: [90, 0, 0] }, // only type, storey, properties agree
    ]);
    expect(matchElements(old, next).counts.matchedByContent).toBe(0);
  });

  it('tells namesakes apart by their place', () => {
    const row = (n: number, gid: string) => ({
      id: n,
      globalId: gid,
      name: 'Window',
      at: [n * 1.2, 0, 0] as [number, number, number],
    });
    const old = signatures(Array.from({ length: 200 }, (_, i) => row(i, `O${i}`)));
    const next = signatures(Array.from({ length: 200 }, (_, i) => row(199 - i, `N${i}`)));
    const match = matchElements(old, next);
    // New element j is old element 199 - j: the one at its place.
    expect([...match.oldIndexOf]).toEqual(Array.from({ length: 200 }, (_, j) => 199 - j));
  });

  it('pairs identical elements one to one (no element matched twice)', () => {
    const same = { name: 'Lining', at: [1, 1, 1] as [number, number, number] };
    const old = signatures([
      { id: 1, globalId: 'A', ...same },
      { id: 2, globalId: 'B', ...same },
    ]);
    const next = signatures([
      { id: 3, globalId: 'X', ...same },
      { id: 4, globalId: 'Y', ...same },
      { id: 5, globalId: 'Z', ...same },
    ]);
    const match = matchElements(old, next);
    expect(new Set([...match.oldIndexOf].filter((i) => i >= 0))).toEqual(new Set([0, 1]));
    expect(match.counts).toMatchObject({ matchedByContent: 2, added: 1, removed: 0 });
  });
});
