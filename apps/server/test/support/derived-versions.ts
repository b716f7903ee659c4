/**
 * Issue 30's derived versions: v1 generated, v2 derived from it by known edits on the STEP text (a
 * property removed from N walls, added to M, K walls deleted, L added, the GlobalIds of a subset
 * regenerated), with the IDS the history tests check them against. The expectations come from the
 * edits (packages/ifc-gen/src/edit), never from the engine.
 */
import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateIfc } from '@plumbline/ifc-gen';
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
  stringValue,
} from '@plumbline/ifc-gen/edit';
import { expect } from 'vitest';

export const N = 7; // walls losing Pset_WallCommon.FireRating: new failures
export const M = 5; // failing walls given one: resolved
export const K = 4; // failing walls deleted: removed
export const L = 6; // walls added (copies of passing walls, 1 km away): pass, so no new failure
const REGENERATED_CLASSES = [
  'IFCWALL',
  'IFCDOOR',
  'IFCWINDOW',
  'IFCSLAB',
  'IFCSPACE',
  'IFCCOLUMN',
  'IFCBEAM',
];

function idsXml(options: { title: string; referencePattern: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">
  <info><title>${options.title}</title></info>
  <specifications>
    <specification name="Walls have a fire rating" ifcVersion="IFC4" identifier="FR-1">
      <applicability minOccurs="0" maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALL</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCLABEL" cardinality="required">
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>FireRating</simpleValue></baseName>
        </property>
      </requirements>
    </specification>
    <specification name="Walls have a reference" ifcVersion="IFC4" identifier="FR-2">
      <applicability minOccurs="0" maxOccurs="unbounded">
        <entity><name><simpleValue>IFCWALL</simpleValue></name></entity>
      </applicability>
      <requirements>
        <property dataType="IFCIDENTIFIER" cardinality="required">
          <propertySet><simpleValue>Pset_WallCommon</simpleValue></propertySet>
          <baseName><simpleValue>Reference</simpleValue></baseName>
          <value><xs:restriction base="xs:string"><xs:pattern value="${options.referencePattern}"/></xs:restriction></value>
        </property>
      </requirements>
    </specification>
  </specifications>
</ids>
`;
}

export const IDS_V1 = idsXml({ title: 'Wall rules', referencePattern: '.+' });
/** The corrected revision: FR-1 unchanged, FR-2's pattern changed (every wall now fails it). */
export const IDS_V2 = idsXml({ title: 'Wall rules', referencePattern: 'NO-SUCH-.*' });

export interface Derived {
  v1: string;
  v2: string;
  /** v1 GlobalIds of the walls that lose their fire rating, are given one, are deleted. */
  lost: string[];
  given: string[];
  deleted: string[];
  /** v2 GlobalIds of the lost walls (some regenerated). */
  lostNow: string[];
  regenerated: number;
}

/** v1 generated, v2 derived from it by the edits (the expectations come from here). */
export async function deriveVersions(dir: string): Promise<Derived> {
  const v1 = join(dir, 'v1.ifc');
  await generateIfc({ targetBytes: 1_200_000, seed: 11, out: v1 });
  const text = await readFile(v1, 'utf8');
  const file = new StepFile(text);
  const globalIdOf = (id: number) => stringValue(file.get(id)?.params[0] ?? '') as string;
  const walls = file.idsOfClass('IFCWALL');
  const rated = (w: number) =>
    propertyNames(file, occurrencePset(file, w, 'Pset_WallCommon')!).includes('FireRating');
  const passing = walls.filter(rated);
  const failing = walls.filter((w) => !rated(w));
  if (passing.length < N + L || failing.length < M + K)
    throw new Error('the generated model has too few walls');
  const lost = passing.slice(0, N);
  const copied = passing.slice(N, N + L);
  const given = failing.slice(0, M);
  const deleted = failing.slice(M, M + K);
  const before = {
    lost: lost.map(globalIdOf),
    given: given.map(globalIdOf),
    deleted: deleted.map(globalIdOf),
  };
  const originals = REGENERATED_CLASSES.flatMap((cls) => file.idsOfClass(cls));
  for (const w of lost) expect(removeProperty(file, w, 'Pset_WallCommon', 'FireRating')).toBe(true);
  for (const w of given)
    expect(addProperty(file, w, 'Pset_WallCommon', 'FireRating', "IFCLABEL('EI60')")).toBe(true);
  for (const w of deleted) deleteElement(file, w);
  for (const [i, w] of copied.entries()) copyElement(file, w, newGlobalId(30, i), `Added wall ${i}`, 1000);
  // Every third element of these classes in v1 gets a new GlobalId, edited walls included.
  const gone = new Set(deleted);
  let regenerated = 0;
  for (const id of originals.filter((id) => id % 3 === 0 && !gone.has(id)))
    regenerateGlobalId(file, id, newGlobalId(31, regenerated++));
  const v2 = join(dir, 'v2.ifc');
  writeFileSync(v2, file.text());
  return { v1, v2, ...before, lostNow: lost.map(globalIdOf), regenerated };
}
