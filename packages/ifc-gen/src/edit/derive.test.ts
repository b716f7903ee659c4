import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIfc } from '../index';
import {
  addProperty,
  copyElement,
  deleteElement,
  newGlobalId,
  occurrencePset,
  propertyNames,
  regenerateGlobalId,
  removeProperty,
} from './derive';
import { listItems, refId, StepFile, stringValue } from './step-file';

let dir: string;
let original: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plumbline-derive-'));
  const out = join(dir, 'v1.ifc');
  await generateIfc({ targetBytes: 300_000, seed: 3, out });
  original = await readFile(out, 'utf8');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every reference in the data section points at an instance that exists. */
function danglingReferences(text: string): string[] {
  const ids = new Set<string>();
  for (const m of text.matchAll(/^#(\d+)=/gm)) ids.add(m[1] as string);
  const dangling: string[] = [];
  for (const line of text.split('\n')) {
    const eq = line.indexOf('=');
    if (!line.startsWith('#') || eq < 0) continue;
    const body = line.slice(eq).replace(/'(?:[^']|'')*'/g, "''");
    for (const m of body.matchAll(/#(\d+)/g))
      if (!ids.has(m[1] as string)) dangling.push(`${line.slice(0, eq)} → #${m[1]}`);
  }
  return dangling;
}

describe('deriving a version by known edits', () => {
  it('makes valid GlobalIds, the same for the same seed', () => {
    const id = newGlobalId(7, 1);
    expect(id).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(newGlobalId(7, 1)).toBe(id);
    expect(newGlobalId(7, 2)).not.toBe(id);
  });

  it('removes and adds a property in an element’s own property set', () => {
    const file = new StepFile(original);
    const walls = file.idsOfClass('IFCWALL');
    const withRating = walls.find((w) => {
      const pset = occurrencePset(file, w, 'Pset_WallCommon');
      return pset !== null && propertyNames(file, pset).includes('FireRating');
    }) as number;
    expect(removeProperty(file, withRating, 'Pset_WallCommon', 'FireRating')).toBe(true);
    const after = new StepFile(file.text());
    expect(propertyNames(after, occurrencePset(after, withRating, 'Pset_WallCommon')!)).not.toContain(
      'FireRating',
    );
    expect(addProperty(after, withRating, 'Pset_WallCommon', 'FireRating', "IFCLABEL('EI60')")).toBe(true);
    const again = new StepFile(after.text());
    expect(propertyNames(again, occurrencePset(again, withRating, 'Pset_WallCommon')!)).toContain(
      'FireRating',
    );
    expect(danglingReferences(again.text())).toEqual([]);
  });

  it('deletes an element with its relationships and leaves no reference to it', () => {
    const file = new StepFile(original);
    const wall = file.idsOfClass('IFCWALL')[0] as number;
    deleteElement(file, wall);
    const text = file.text();
    expect(text).not.toMatch(new RegExp(`^#${wall}=`, 'm'));
    expect(danglingReferences(text)).toEqual([]);
  });

  it('copies an element to a new place with a new GlobalId, in the same storey and type', () => {
    const file = new StepFile(original);
    const wall = file.idsOfClass('IFCWALL')[0] as number;
    const copy = copyElement(file, wall, newGlobalId(1, 1), 'Copied wall', 1000);
    const after = new StepFile(file.text());
    const line = after.get(copy)!;
    expect(stringValue(line.params[0]!)).toBe(newGlobalId(1, 1));
    expect(stringValue(line.params[2]!)).toBe('Copied wall');
    const containers = after
      .relationsOf(copy)
      .filter((r) => r.className === 'IFCRELCONTAINEDINSPATIALSTRUCTURE');
    expect(containers).toHaveLength(1);
    expect(listItems(containers[0]!.params[4]!)?.some((i) => refId(i) === wall)).toBe(true);
    expect(danglingReferences(after.text())).toEqual([]);
  });

  it('regenerates a GlobalId in place', () => {
    const file = new StepFile(original);
    const wall = file.idsOfClass('IFCWALL')[0] as number;
    regenerateGlobalId(file, wall, newGlobalId(2, 9));
    expect(stringValue(new StepFile(file.text()).get(wall)!.params[0]!)).toBe(newGlobalId(2, 9));
  });
});
