/** GRP001 (acyclic groups), OJT001 (predefined types), OJP001 (placement of parts), BLT001–BLT003 (doors, windows, stairs). */
import type { Findings, Rule } from '../rule';
import { tables } from '../tables/generated';
import type { View } from '../view';
import { productPass } from './product-pass';
import { checkComposition } from './sps';

export const GRP001: Rule = {
  id: 'GRP001',
  severity: 'error',
  check(view, out) {
    const memberOf = groupLinks(view);
    const groupsOf = (id: number): number[] => [...(memberOf.get(id) ?? [])];
    for (const group of view.ofType('IfcGroup')) {
      out.activate();
      // Upwards through the groups this one is assigned to, each visited once.
      const seen = new Set<number>();
      const stack = groupsOf(group);
      let cycle = false;
      while (stack.length > 0 && !cycle) {
        const next = stack.pop()!;
        if (next === group) cycle = true;
        else if (!seen.has(next)) {
          seen.add(next);
          stack.push(...groupsOf(next));
        }
      }
      if (cycle) out.add(group, 'validity.GRP001.cycle');
    }
  },
};

/**
 * `view.related('IfcRelAssignsToGroup', 'RelatedObjects', 'RelatingGroup')` for the instances
 * GRP001 asks about: groups, and whatever a relationship names as its group (decision 0454). The
 * objects assigned to groups (systems hold most elements) are not listed: none of them is asked.
 */
function groupLinks(view: View): ReadonlyMap<number, number[]> {
  const { model } = view;
  const map = new Map<number, number[]>();
  const rels = view.ofType('IfcRelAssignsToGroup');
  if (rels.length === 0) return map;
  const group = view.classSet('IfcGroup');
  const targetsOf: number[][] = [];
  const named = new Set<number>();
  const toRefs: number[] = [];
  for (let i = 0; i < rels.length; i++) {
    // Read from the bytes at any depth, as `view.related` reads them.
    toRefs.length = 0;
    model.attributeRefsDeep(rels[i]!, 'RelatingGroup', toRefs);
    const targets = toRefs.filter((r) => model.ordinalOf(r) >= 0);
    targetsOf.push(targets);
    for (const t of targets) named.add(t);
  }
  const fromRefs: number[] = [];
  for (let i = 0; i < rels.length; i++) {
    const targets = targetsOf[i]!;
    if (targets.length === 0) continue;
    fromRefs.length = 0;
    model.attributeRefsDeep(rels[i]!, 'RelatedObjects', fromRefs);
    for (const source of fromRefs.length > 1 ? new Set(fromRefs) : fromRefs) {
      if (!view.isIn(source, group) && !named.has(source)) continue;
      const list = map.get(source);
      if (list) list.push(...targets);
      else map.set(source, targets.length === 1 ? [targets[0]!] : [...targets]);
    }
  }
  return map;
}

export const OJT001: Rule = {
  id: 'OJT001',
  severity: 'error',
  check(view, out) {
    if (view.schemaName === 'IFC2X3') return;
    const { model } = view;
    // Each object's PredefinedType, read in the pass over objects (product-pass.ts): per object,
    // whether it is USERDEFINED with or without an ObjectType; per ordinal (bits 0–1 of `marks`),
    // whether it is set, for the type's occurrences below.
    const { objects, userDefined, marks } = productPass(view);
    const object = view.classSet('IfcObject');
    for (let n = 0; n < objects.length; n++) {
      if (userDefined[n] === 0 || view.inverseNonEmpty(objects[n]!, 'IsTypedBy')) continue;
      out.activate();
      if (userDefined[n] === 2) out.add(objects[n]!, 'validity.OJT001.objectType');
    }
    for (const type of view.ofType('IfcTypeObject')) {
      if (view.enumValue(type, 'PredefinedType') === 'USERDEFINED') {
        out.activate();
        if (!view.isSet(type, 'ElementType')) {
          out.add(type, 'validity.OJT001.elementType');
        }
      }
      // A type whose PredefinedType says something (or is unset) dictates it: occurrences leave theirs empty.
      if (
        !view.hasAttribute(type, 'PredefinedType') ||
        view.enumValue(type, 'PredefinedType')?.startsWith('NOTDEFINED')
      )
        continue;
      // One message value per type, shared by its occurrences' findings (decision 0454).
      let values: { type: string } | undefined;
      for (const rel of view.inverseIndex('IfcRelDefinesByType', 'RelatingType').get(type) ?? []) {
        for (const occurrence of view.refs(rel, 'RelatedObjects')) {
          if (!view.isIn(occurrence, object)) continue;
          out.activate();
          const known = marks[model.ordinalOf(occurrence)]! & 3;
          if (known === 1 || (known === 0 && view.isSet(occurrence, 'PredefinedType'))) {
            values ??= { type: String(type) };
            out.add(occurrence, 'validity.OJT001.occurrence', values);
          }
        }
      }
    }
  },
};

export const OJP001: Rule = {
  id: 'OJP001',
  severity: 'error',
  check(view, out) {
    if (view.schemaName === 'IFC4X3') return;
    for (const whole of view.ofType('IfcElement')) {
      for (const rel of view.inverse(whole, 'IsDecomposedBy')) {
        if (!view.is(rel, 'IfcRelAggregates')) continue;
        for (const part of view.refs(rel, 'RelatedObjects')) {
          if (!view.is(part, 'IfcElement')) continue;
          out.activate();
          const placement = view.ref(part, 'ObjectPlacement');
          if (placement === null || !view.is(placement, 'IfcLocalPlacement')) {
            out.add(part, 'validity.OJP001.notLocal');
          }
          for (const container of view
            .related('IfcRelAggregates', 'RelatedObjects', 'RelatingObject')
            .get(part) ?? []) {
            const expected = view.ref(container, 'ObjectPlacement');
            const relativeTo = placement === null ? null : view.ref(placement, 'PlacementRelTo');
            if (expected !== relativeTo) {
              out.add(part, 'validity.OJP001.relativeTo', { container: String(container) });
            }
          }
        }
      }
    }
  },
};

/** BLT001 / BLT002: a user-defined operation (partitioning) type only with USERDEFINED; the type dictates it. */
function checkOperationType(
  view: View,
  out: Findings,
  occurrence: string,
  typeClass: string,
  attribute: string,
  userDefined: string,
  messagePrefix: string,
): void {
  // Each occurrence's attribute as read in the first loop, for the second (an enumeration is empty when 'F').
  const occurrences = view.ofType(occurrence);
  const values = new Array<string | null>(occurrences.length);
  for (const entity of [occurrence, typeClass]) {
    const ids = entity === occurrence ? occurrences : view.ofType(entity);
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!;
      // The attribute first, then the user-defined one after it: one walk over the bytes (decision 0454).
      const value = view.enumValue(id, attribute);
      if (entity === occurrence) values[i] = value;
      if (view.isEmpty(id, userDefined) || view.inverseNonEmpty(id, 'IsTypedBy')) continue;
      out.activate();
      if (value !== 'USERDEFINED') out.add(id, `${messagePrefix}.userDefined`);
    }
  }
  for (let i = 0; i < occurrences.length; i++) {
    const id = occurrences[i]!;
    const type = view.model.typeOf(id);
    const typed = type !== null && view.is(type, typeClass);
    if (!typed) continue;
    out.activate();
    const value = values[i];
    if (typeof value === 'string' ? value !== 'F' : !view.isEmpty(id, attribute))
      out.add(id, `${messagePrefix}.typed`);
  }
}

export const BLT001: Rule = {
  id: 'BLT001',
  severity: 'error',
  check: (view, out) =>
    checkOperationType(
      view,
      out,
      'IfcDoor',
      'IfcDoorType',
      'OperationType',
      'UserDefinedOperationType',
      'validity.BLT001',
    ),
};

export const BLT002: Rule = {
  id: 'BLT002',
  severity: 'error',
  check: (view, out) =>
    checkOperationType(
      view,
      out,
      'IfcWindow',
      'IfcWindowType',
      'PartitioningType',
      'UserDefinedPartitioningType',
      'validity.BLT002',
    ),
};

export const BLT003: Rule = {
  id: 'BLT003',
  severity: 'warning',
  check(view, out) {
    for (const stair of view.ofType('IfcStair')) {
      out.activate();
      checkComposition(view, out, stair, tables.stairComposition, 'validity.BLT003');
    }
  },
};
