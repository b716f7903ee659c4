/**
 * What PSE001, QTY001, PSE002, IFC102 and SCH002 read of property and quantity sets, read once per
 * view (decision 0447): each set's name, members and method, and the written keys of members and
 * methods, by which each distinct way they are written is judged once.
 */
import type { WrittenKeys } from '@plumbline/ifc';
import type { View } from '../view';

export type SetClass = 'IfcPropertySet' | 'IfcElementQuantity';

/**
 * Every set of a class, in `ofType` order, read once while its bytes are at hand (decision 0447):
 * its Name (`view.str`), its members (`view.refsInto` of HasProperties or Quantities: set i's are
 * `members[memberStarts[i] … memberStarts[i + 1]]`) and, for a quantity set, the written key of
 * its MethodOfMeasurement (`methodKeys`). PSE001, QTY001, PSE002, IFC102 and SCH002 ask.
 */
interface SetReads {
  readonly names: readonly (string | null)[];
  readonly memberStarts: Int32Array;
  readonly members: Int32Array;
  readonly methods: Int32Array | null;
}

const setReadsCache = new WeakMap<View, Map<SetClass, SetReads>>();

export function setReads(view: View, setClass: SetClass): SetReads {
  let byClass = setReadsCache.get(view);
  if (!byClass) {
    byClass = new Map();
    setReadsCache.set(view, byClass);
  }
  let reads = byClass.get(setClass);
  if (!reads) {
    const sets = view.ofType(setClass);
    const names = new Array<string | null>(sets.length);
    const memberStarts = new Int32Array(sets.length + 1);
    let members = new Int32Array(Math.max(16, 4 * sets.length));
    let count = 0;
    const list: number[] = [];
    const membersOf = setClass === 'IfcPropertySet' ? 'HasProperties' : 'Quantities';
    const methods = setClass === 'IfcElementQuantity' ? new Int32Array(sets.length) : null;
    const methodKeys = methods ? methodVerdicts(view).keys : null;
    // Names repeat: each distinct way a Name is written is read once.
    const keys = view.model.writtenKeys([['Name', 'whole']]);
    const byKey: (string | null)[] = [];
    for (let i = 0; i < sets.length; i++) {
      const set = sets[i]!;
      const key = keys.keyOf(set);
      if (key < 0) names[i] = view.str(set, 'Name');
      else {
        let name = byKey[key];
        if (name === undefined) {
          name = view.str(set, 'Name');
          byKey[key] = name;
        }
        names[i] = name;
      }
      view.refsInto(set, membersOf, list);
      if (count + list.length > members.length) {
        const grown = new Int32Array(Math.max(2 * members.length, count + list.length));
        grown.set(members.subarray(0, count));
        members = grown;
      }
      for (let m = 0; m < list.length; m++) members[count++] = list[m]!;
      memberStarts[i + 1] = count;
      if (methods) methods[i] = methodKeys!.keyOf(set);
    }
    reads = { names, memberStarts, members: members.subarray(0, count), methods };
    byClass.set(setClass, reads);
  }
  return reads;
}

/** Every set's Name (`view.str`), in `ofType` order, read once for PSE001, QTY001 and PSE002. */
export function setNames(view: View, setClass: SetClass): readonly (string | null)[] {
  return setReads(view, setClass).names;
}

/** Every IfcPropertySet's Name (`view.str`), in `ofType('IfcPropertySet')` order, read once per view. */
export function propertySetNames(view: View): readonly (string | null)[] {
  return setNames(view, 'IfcPropertySet');
}

/** Per view: by ordinal, 1 + the position of an IfcPropertySet in `ofType('IfcPropertySet')`, else 0. */
const propertySetPositions = new WeakMap<View, Int32Array>();

/** An IfcPropertySet's Name as `view.str(set, 'Name')` gives it, from `propertySetNames` (any other instance: read). */
export function propertySetName(view: View, set: number): string | null {
  const { model } = view;
  let positions = propertySetPositions.get(view);
  if (!positions) {
    positions = new Int32Array(model.instanceCount);
    const sets = view.ofType('IfcPropertySet');
    for (let i = 0; i < sets.length; i++) {
      const k = model.ordinalOf(sets[i]!);
      if (k >= 0 && positions[k] === 0) positions[k] = i + 1;
    }
    propertySetPositions.set(view, positions);
  }
  const k = model.ordinalOf(set);
  const at = k < 0 ? 0 : positions[k]!;
  return at === 0 ? view.str(set, 'Name') : propertySetNames(view)[at - 1]!;
}

/**
 * Per view, the keys of the ways set members are written (decision 0447): by class, Name and, for a
 * class with a NominalValue (a single value), that value's type: what the member checks read.
 */
const memberKeysCache = new WeakMap<View, WrittenKeys>();

export function memberKeys(view: View): WrittenKeys {
  let keys = memberKeysCache.get(view);
  if (!keys) {
    keys = view.model.writtenKeys([
      ['Name', 'whole'],
      ['NominalValue', 'type', 'optional'],
    ]);
    memberKeysCache.set(view, keys);
  }
  return keys;
}

/** Per view: keys of the ways MethodOfMeasurement is written, and per key 1 when it reads 'BaseQuantities', 2 when not. */
const methodKeys = new WeakMap<View, { keys: WrittenKeys; base: number[] }>();

export function methodVerdicts(view: View): { keys: WrittenKeys; base: number[] } {
  let methods = methodKeys.get(view);
  if (!methods) {
    methods = { keys: view.model.writtenKeys([['MethodOfMeasurement', 'whole']]), base: [] };
    methodKeys.set(view, methods);
  }
  return methods;
}
