/**
 * The benchmark's second version of a generated model (issue 30): the edits of the acceptance test
 * (apps/server/test/history.test.ts) at the model's scale: 1 % of the rated walls lose
 * Pset_WallCommon.FireRating, 1 % of the unrated ones get it, 0.5 % of those are deleted, 200 walls
 * are added and every tenth element of the common classes gets a new GlobalId. Written beside v1 and
 * reused while v1 is unchanged. Run in a child with a large heap (the file is edited as its lines).
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import {
  addProperty,
  copyElement,
  deleteElement,
  newGlobalId,
  occurrencePset,
  propertyNames,
  regenerateGlobalId,
  removeProperty,
  StepFile,
} from '@plumbline/ifc-gen/edit';

const CLASSES = [
  'IFCWALL',
  'IFCDOOR',
  'IFCWINDOW',
  'IFCSLAB',
  'IFCSPACE',
  'IFCCOLUMN',
  'IFCBEAM',
  'IFCAIRTERMINAL',
];

export interface DerivedFigures {
  lost: number;
  given: number;
  deleted: number;
  added: number;
  regenerated: number;
}

export async function deriveSecondVersion(v1: string, v2: string): Promise<DerivedFigures> {
  const file = new StepFile(await readFile(v1, 'utf8'));
  const walls = file.idsOfClass('IFCWALL');
  const rated = (w: number) => {
    const pset = occurrencePset(file, w, 'Pset_WallCommon');
    return pset !== null && propertyNames(file, pset).includes('FireRating');
  };
  const passing = walls.filter(rated);
  const failing = walls.filter((w) => !rated(w));
  const lost = passing.filter((_, i) => i % 100 === 0);
  const copied = passing.filter((_, i) => i % 100 === 50).slice(0, 200);
  const given = failing.filter((_, i) => i % 100 === 0);
  const deleted = failing.filter((_, i) => i % 200 === 1);
  const originals = CLASSES.flatMap((cls) => file.idsOfClass(cls));
  for (const w of lost) removeProperty(file, w, 'Pset_WallCommon', 'FireRating');
  for (const w of given) addProperty(file, w, 'Pset_WallCommon', 'FireRating', "IFCLABEL('EI60')");
  for (const w of deleted) deleteElement(file, w);
  for (const [i, w] of copied.entries()) copyElement(file, w, newGlobalId(40, i), `Added wall ${i}`, 5000);
  const gone = new Set(deleted);
  let regenerated = 0;
  for (const id of originals.filter((id) => id % 10 === 0 && !gone.has(id)))
    regenerateGlobalId(file, id, newGlobalId(41, regenerated++));
  await writeFile(v2, file.text());
  return {
    lost: lost.length,
    given: given.length,
    deleted: deleted.length,
    added: copied.length,
    regenerated,
  };
}

/** v2 beside v1, made when missing or older than v1. */
export async function ensureSecondVersion(v1: string, v2: string): Promise<DerivedFigures | null> {
  const [a, b] = await Promise.all([stat(v1), stat(v2).catch(() => null)]);
  if (b && b.mtimeMs > a.mtimeMs) return null;
  return deriveSecondVersion(v1, v2);
}

// As a child process: `tsx bench/lib/derive-version.ts v1.ifc v2.ifc` prints the figures as JSON.
if (process.argv[1]?.endsWith('derive-version.ts') && process.argv[2] && process.argv[3]) {
  const figures = await deriveSecondVersion(process.argv[2], process.argv[3]);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}
