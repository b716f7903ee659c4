/**
 * Two constraints of the IFC schema itself, not in buildingSMART's Gherkin rules (their service
 * checks them in its schema step), kept here because each makes IDS verdicts unreliable
 * (decision 0249): SCH001, IfcRoot's UNIQUE rule UR1 (no GlobalId twice in a file), and SCH002,
 * the WHERE rule UniquePropertySetNames of IfcObject and IfcTypeObject (IFC4 and IFC4X3: no two
 * property sets of one name on an object). Codes of our own, so none collides with theirs.
 */
import type { Rule } from '../rule';
import type { View } from '../view';
import { propertySetName } from './pse';

export const SCH001: Rule = {
  id: 'SCH001',
  severity: 'error',
  check(view, out) {
    // Keys (hashes of the GlobalIds, read from the bytes, shared with PJS003) first: only instances
    // whose key repeats have their GlobalId built and compared, so a sound model builds no string.
    const { roots, keys } = view.globalIdSurvey();
    const repeatedKeys = repeatedValues(keys);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i]! >= 0) {
        out.activate();
        break;
      }
    }
    if (repeatedKeys.size === 0) return;
    const first = new Map<string, number>();
    const repeated = new Map<string, number[]>();
    for (let i = 0; i < roots.length; i++) {
      if (!repeatedKeys.has(keys[i]!)) continue;
      const id = roots[i]!;
      const guid = view.globalId(id);
      if (guid === null || guid === '') continue;
      const seen = first.get(guid);
      if (seen === undefined) {
        first.set(guid, id);
        continue;
      }
      const list = repeated.get(guid);
      if (list) list.push(id);
      else repeated.set(guid, [seen, id]);
    }
    // Every instance that shares a GlobalId is named, so each element's verdicts can be marked.
    for (const [globalId, ids] of repeated) {
      for (const id of ids) out.add(id, 'validity.SCH001.repeated', { globalId, count: ids.length });
    }
  },
};

export const SCH002: Rule = {
  id: 'SCH002',
  severity: 'error',
  check(view, out) {
    if (view.schemaName === 'IFC2X3') return; // IFC2X3 states no such rule
    // The common case, a model where no object has two property sets of one name, is answered from
    // the model's relation rows: names are read only for objects with two property sets or more.
    // Anything else (a repeat, or nothing that activates the rule) takes the full pass below, which
    // lists the findings in relationship order.
    if (soundFromRows(view)) {
      out.activate();
      return;
    }
    // Per object, its sets in the order first met (repeats are dropped where names are compared).
    const sets = new Map<number, number[]>();
    const attach = (object: number, set: number) => {
      const own = sets.get(object);
      if (own) own.push(set);
      else sets.set(object, [set]);
    };
    // RelatingPropertyDefinition is a set or, in IFC4, a list of sets (IfcPropertySetDefinitionSet).
    const related = view.related('IfcRelDefinesByProperties', 'RelatedObjects', 'RelatingPropertyDefinition');
    for (const [object, defined] of related) for (const set of defined) attach(object, set);
    for (const type of view.ofType('IfcTypeObject')) {
      for (const set of view.refs(type, 'HasPropertySets')) attach(type, set);
    }
    if (sets.size > 0) out.activate();
    for (const [object, own] of sets) {
      if (own.length < 2) continue;
      for (const name of repeatedNames(view, new Set(own)))
        out.add(object, 'validity.SCH002.repeated', { name });
    }
  },
};

/** Whether the relation rows show an object with a property set, and no object with two of one name. */
function soundFromRows(view: View): boolean {
  const { model } = view;
  let active = false;
  const typeObject = view.classSet('IfcTypeObject');
  const propertySet = view.classSet('IfcPropertySet');
  const repeats = repeatFinder(view);
  const sources = model.relationSources('definesByProperties');
  const isSource = new Uint8Array(model.instanceCount);
  // Each object's targets read in the column itself (no view of the rows per object).
  const column = model.relationTargetColumn('definesByProperties');
  for (const object of sources) {
    const k = model.ordinalOf(object);
    isSource[k] = 1;
    const first = model.relationFirstTarget('definesByProperties', k);
    const count = model.relationTargetCount('definesByProperties', k);
    let propertySets = 0;
    for (let i = first; i < first + count; i++) {
      if (model.ordinalOf(column[i]!) >= 0) active = true;
      if (view.isIn(column[i]!, propertySet)) propertySets++;
    }
    const own = view.isIn(object, typeObject) ? view.refs(object, 'HasPropertySets') : NO_SETS;
    if (propertySets + own.length >= 2 && repeats(column, first, first + count, own)) return false;
  }
  for (const type of view.ofType('IfcTypeObject')) {
    const own = view.refs(type, 'HasPropertySets');
    if (own.length > 0) active = true;
    if (!isSource[model.ordinalOf(type)] && own.length >= 2 && repeats(own, 0, own.length, NO_SETS))
      return false;
  }
  return active;
}

const NO_SETS: readonly number[] = [];

/**
 * `repeatedNames(view, new Set([...a, ...b])).length > 0` for the few sets an object has, without a
 * Set or an array per object (decision 0454): the distinct property sets and their names in two
 * lists kept across calls, compared pairwise. Many sets go to `repeatedNames`.
 */
function repeatFinder(
  view: View,
): (a: ArrayLike<number>, aFrom: number, aTo: number, b: ArrayLike<number>) => boolean {
  const propertySet = view.classSet('IfcPropertySet');
  // Written over from the start for each object (`idCount`, `nameCount`), never emptied:
  // `length = 0` drops an array's storage, and the next push allocates it again.
  const ids: number[] = [];
  const names: string[] = [];
  let idCount = 0;
  let nameCount = 0;
  const add = (set: number): boolean => {
    if (!view.isIn(set, propertySet)) return false;
    for (let i = 0; i < idCount; i++) if (ids[i] === set) return false;
    ids[idCount++] = set;
    const name = propertySetName(view, set);
    if (name === null) return false;
    for (let i = 0; i < nameCount; i++) if (names[i] === name) return true;
    names[nameCount++] = name;
    return false;
  };
  return (a, aFrom, aTo, b) => {
    if (aTo - aFrom + b.length > 16) {
      const all = new Set<number>();
      for (let i = aFrom; i < aTo; i++) all.add(a[i]!);
      for (let i = 0; i < b.length; i++) all.add(b[i]!);
      return repeatedNames(view, all).length > 0;
    }
    idCount = 0;
    nameCount = 0;
    for (let i = aFrom; i < aTo; i++) if (add(a[i]!)) return true;
    for (let i = 0; i < b.length; i++) if (add(b[i]!)) return true;
    return false;
  };
}

/** Names that two distinct IfcPropertySet instances of the object share (quantity sets are unnamed to the rule). */
function repeatedNames(view: View, sets: ReadonlySet<number>): string[] {
  if (sets.size < 2) return [];
  const propertySet = view.classSet('IfcPropertySet');
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const set of sets) {
    if (!view.isIn(set, propertySet)) continue;
    const name = propertySetName(view, set); // read once for PSE001, PSE002 and IFC102 too
    if (name === null) continue;
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

/** The non-negative values that occur more than once, by an open-addressing table of positions. */
function repeatedValues(keys: Float64Array): Set<number> {
  const repeated = new Set<number>();
  let size = 1024;
  while (size < keys.length * 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (key < 0) continue;
    // The key's low 32 bits (of a hash already) spread over the table.
    let slot = Math.imul((key % 0x100000000) | 0, 0x9e3779b1) >>> 0;
    slot &= mask;
    for (;;) {
      const at = table[slot]!;
      if (at === -1) {
        table[slot] = i;
        break;
      }
      if (keys[at] === key) {
        repeated.add(key);
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return repeated;
}
