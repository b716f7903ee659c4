/**
 * A model's next version by known edits (issue 30's acceptance test and benchmark): properties
 * removed from some elements and added to others, elements deleted and added, and the GlobalIds of
 * some regenerated as an exporter that loses them would. Works on STEP text (step-file.ts) with no
 * code of the engine, so what a comparison must report follows from the edits alone.
 */
import { listItems, refId, type StepFile, type StepLine, stepString, stringValue } from './step-file';

const GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A new, valid IFC GlobalId (22 characters, the first 0–3), the same for the same seed and counter. */
export function newGlobalId(seed: number, n: number): string {
  let state = (seed * 0x9e3779b1 + n * 0x85ebca6b + 1) >>> 0;
  let out = GUID_CHARS[state % 4] as string;
  for (let i = 1; i < 22; i++) {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + i) >>> 0;
    state = (state ^ (state >>> 12)) >>> 0;
    out += GUID_CHARS[state % 64];
  }
  return out;
}

/** The occurrence property set called `psetName` that `elementId` has through IfcRelDefinesByProperties. */
export function occurrencePset(file: StepFile, elementId: number, psetName: string): StepLine | null {
  for (const rel of file.relationsOf(elementId)) {
    if (rel.className !== 'IFCRELDEFINESBYPROPERTIES') continue;
    const related = listItems(rel.params[4] ?? '') ?? [];
    if (!related.some((item) => refId(item) === elementId)) continue;
    const psetId = refId(rel.params[5] ?? '');
    const pset = psetId === null ? null : file.get(psetId);
    if (pset?.className === 'IFCPROPERTYSET' && stringValue(pset.params[2] ?? '') === psetName) return pset;
  }
  return null;
}

/** The names of a property set's properties. */
export function propertyNames(file: StepFile, pset: StepLine): string[] {
  return (listItems(pset.params[4] ?? '') ?? []).flatMap((item) => {
    const id = refId(item);
    const property = id === null ? null : file.get(id);
    const name = property ? stringValue(property.params[0] ?? '') : null;
    return name === null ? [] : [name];
  });
}

/** Removes the property `name` from the element's occurrence set `psetName`; false when it had none. */
export function removeProperty(file: StepFile, elementId: number, psetName: string, name: string): boolean {
  const pset = occurrencePset(file, elementId, psetName);
  if (!pset) return false;
  const items = listItems(pset.params[4] ?? '') ?? [];
  const kept = items.filter((item) => {
    const id = refId(item);
    return stringValue((id === null ? null : file.get(id))?.params[0] ?? '') !== name;
  });
  if (kept.length === items.length || kept.length === 0) return false;
  file.set({ ...pset, params: [...pset.params.slice(0, 4), `(${kept.join(',')})`] });
  return true;
}

/** Adds a single-value property (e.g. `IFCLABEL('EI60')`) to the element's occurrence set `psetName`. */
export function addProperty(
  file: StepFile,
  elementId: number,
  psetName: string,
  name: string,
  value: string,
): boolean {
  const pset = occurrencePset(file, elementId, psetName);
  if (!pset) return false;
  const property = file.add('IFCPROPERTYSINGLEVALUE', [stepString(name), '$', value, '$']);
  const items = listItems(pset.params[4] ?? '') ?? [];
  file.set({ ...pset, params: [...pset.params.slice(0, 4), `(${[...items, `#${property}`].join(',')})`] });
  return true;
}

/**
 * Deletes an element: its line, and every relationship's mention of it (a relationship that named it
 * alone, or as its one relating instance, goes with it).
 */
export function deleteElement(file: StepFile, elementId: number): void {
  for (const rel of file.relationsOf(elementId)) {
    let emptied = false;
    const params = rel.params.map((param) => {
      if (refId(param) === elementId) emptied = true;
      const items = listItems(param);
      if (!items) return param;
      const kept = items.filter((item) => refId(item) !== elementId);
      if (kept.length === 0 && items.length > 0) emptied = true;
      return kept.length === items.length ? param : `(${kept.join(',')})`;
    });
    if (emptied) file.remove(rel.id);
    else file.set({ ...rel, params });
  }
  file.remove(elementId);
}

/** Gives the element a new GlobalId (its first parameter). */
export function regenerateGlobalId(file: StepFile, elementId: number, globalId: string): void {
  const line = file.get(elementId);
  if (!line) throw new Error(`no element #${elementId}`);
  file.set({ ...line, params: [stepString(globalId), ...line.params.slice(1)] });
}

/**
 * Adds a copy of an element `offset` metres away along x, with a new GlobalId and name, in the same
 * relationships (storey, type, property sets, materials, classifications: it shares them).
 * Relationships that name the source as their one relating instance (its openings) are not copied.
 */
export function copyElement(
  file: StepFile,
  sourceId: number,
  globalId: string,
  name: string,
  offset: number,
): number {
  const source = file.get(sourceId);
  if (!source) throw new Error(`no element #${sourceId}`);
  const placement = movedPlacement(file, refId(source.params[5] ?? ''), offset);
  const params = [...source.params];
  params[0] = stepString(globalId);
  params[2] = stepString(name);
  params[5] = placement === null ? '$' : `#${placement}`;
  const copy = file.add(source.className, params);
  for (const rel of file.relationsOf(sourceId)) {
    const listed = rel.params.map((param) => {
      const items = listItems(param);
      return items?.some((item) => refId(item) === sourceId)
        ? `(${[...items, `#${copy}`].join(',')})`
        : param;
    });
    if (listed.some((param, i) => param !== rel.params[i])) file.set({ ...rel, params: listed });
  }
  return copy;
}

/** A copy of an IfcLocalPlacement whose location is moved by `offset` along x (same parent). */
function movedPlacement(file: StepFile, placementId: number | null, offset: number): number | null {
  const placement = placementId === null ? null : file.get(placementId);
  if (placement?.className !== 'IFCLOCALPLACEMENT') return null;
  const axisId = refId(placement.params[1] ?? '');
  const axis = axisId === null ? null : file.get(axisId);
  const pointId = axis ? refId(axis.params[0] ?? '') : null;
  const point = pointId === null ? null : file.get(pointId);
  const coordinates = point ? listItems(point.params[0] ?? '') : null;
  if (!axis || !coordinates) return null;
  const moved = coordinates.map((c, i) => (i === 0 ? formatReal(Number(c) + offset) : c));
  const newPoint = file.add('IFCCARTESIANPOINT', [`(${moved.join(',')})`]);
  const newAxis = file.add(axis.className, [`#${newPoint}`, ...axis.params.slice(1)]);
  return file.add('IFCLOCALPLACEMENT', [placement.params[0] ?? '$', `#${newAxis}`]);
}

function formatReal(n: number): string {
  const text = String(n);
  return /[.eE]/.test(text) ? text : `${text}.`;
}

/**
 * Attaches a second property set of the same name to the element (a copy of its set `psetName`,
 * with its own GlobalId, through a relationship of its own), as an exporter that writes a set twice
 * would; returns the copy's id.
 */
export function repeatPropertySet(
  file: StepFile,
  elementId: number,
  psetName: string,
  globalIds: readonly [string, string],
): number {
  const pset = occurrencePset(file, elementId, psetName);
  if (!pset) throw new Error(`#${elementId} has no property set ${psetName}`);
  const copy = file.add(pset.className, [stepString(globalIds[0]), ...pset.params.slice(1)]);
  const ownerHistory = pset.params[1] ?? '$';
  file.add('IFCRELDEFINESBYPROPERTIES', [
    stepString(globalIds[1]),
    ownerHistory,
    '$',
    '$',
    `(#${elementId})`,
    `#${copy}`,
  ]);
  return copy;
}
