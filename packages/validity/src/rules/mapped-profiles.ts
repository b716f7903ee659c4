/** MPD001 (mapped items keep their owner's identifier and one type) and SWE002 (no mirroring in derived profiles). */
import type { Rule } from '../rule';
import type { View } from '../view';
import { numbers } from './geometry';

const NO_STRINGS = [null, null] as const;

export const MPD001: Rule = {
  id: 'MPD001',
  severity: 'error',
  check(view, out) {
    // Many items map one representation (a type's): its identifier and type are read once.
    const read = new Map<number, readonly [identifier: string | null, type: string | null]>();
    const strings = (mapped: number) => {
      let known = read.get(mapped);
      if (!known) {
        known = [view.str(mapped, 'RepresentationIdentifier'), view.str(mapped, 'RepresentationType')];
        read.set(mapped, known);
      }
      return known;
    };
    // The representation a mapped item maps (MappingSource.MappedRepresentation; only exact
    // IfcMappedItem): many items share one mapping source (a type's map), each source read once.
    const mappedOf = new Map<number, number | null>();
    const mappedVia = (item: number) => {
      if (view.classOf(item) !== 'IFCMAPPEDITEM') return null;
      const source = view.ref(item, 'MappingSource');
      if (source === null) return null;
      let mapped = mappedOf.get(source);
      if (mapped === undefined) {
        mapped = view.ref(source, 'MappedRepresentation');
        mappedOf.set(source, mapped);
      }
      return mapped;
    };
    const items: number[] = []; // a representation's items (one list for every representation)
    for (const rep of view.ofType('IfcShapeRepresentation')) {
      const parentIdentifier = view.str(rep, 'RepresentationIdentifier');
      const types: (string | null)[] = [];
      for (const item of view.refsInto(rep, 'Items', items)) {
        const mapped = mappedVia(item);
        const [childIdentifier, type] = mapped === null ? NO_STRINGS : strings(mapped);
        types.push(type);
        if (mapped === null) continue;
        if (childIdentifier) out.activate();
        if (type) out.activate();
        if (childIdentifier !== parentIdentifier) {
          out.add(rep, 'validity.MPD001.identifier', {
            expected: parentIdentifier ?? '',
            actual: childIdentifier ?? '',
            stepId: String(mapped),
          });
        }
      }
      // Every item of a representation that maps items must be a mapped item of one type.
      if (types.some((t) => t !== null) && types.some((t) => t !== types[0])) {
        out.add(rep, 'validity.MPD001.types', { types: [...new Set(types.map((t) => t ?? '-'))].join(', ') });
      }
    }
  },
};

/** Determinant of a 2D Cartesian transformation operator (negative: it mirrors). */
function determinant(view: View, operator: number | null): number {
  // IfcMirroredProfileDef derives its operator: Axis1 (-1, 0), Axis2 (0, 1), scale 1.
  if (operator === null) return -1;
  const axis = (name: string) => {
    const direction = view.ref(operator, name);
    const d = direction === null ? null : numbers(view.attr(direction, 'DirectionRatios'));
    const length = d ? Math.hypot(d[0] ?? 0, d[1] ?? 0) : 0;
    return d && length > 0 ? [(d[0] ?? 0) / length, (d[1] ?? 0) / length] : null;
  };
  let x = axis('Axis1');
  let y = axis('Axis2');
  if (x && !y) y = [-x[1]!, x[0]!];
  else if (!x && y) x = [y[1]!, -y[0]!];
  else if (!x || !y)
    [x, y] = [
      [1, 0],
      [0, 1],
    ];
  const scaleOf = (name: string, fallback: number) => {
    const v = view.attr(operator, name);
    return v?.kind === 'real' || v?.kind === 'integer' ? v.value : fallback;
  };
  const scale = scaleOf('Scale', 1);
  const scale2 = view.hasAttribute(operator, 'Scale2') ? scaleOf('Scale2', scale) : scale;
  return scale * scale2 * (x[0]! * y![1]! - x[1]! * y![0]!);
}

/** The operator of a derived profile, or null for a mirrored one (its operator is derived). */
function operatorOf(view: View, profile: number): number | null {
  return view.classOf(profile) === 'IFCMIRROREDPROFILEDEF' ? null : view.ref(profile, 'Operator');
}

export const SWE002: Rule = {
  id: 'SWE002',
  severity: 'error',
  check(view, out) {
    const judge = (owner: number, profile: number) => {
      const d = determinant(view, operatorOf(view, profile));
      out.activate(d !== 0);
      if (!(d > 0)) out.add(owner, 'validity.SWE002.mirrored', { profile: String(profile) });
    };
    if (view.schemaName !== 'IFC2X3') {
      for (const profile of view.ofType('IfcDerivedProfileDef', false)) {
        if (view.ref(profile, 'Operator') !== null) judge(profile, profile);
      }
    }
    for (const entity of ['IfcExtrudedAreaSolidTapered', 'IfcRevolvedAreaSolidTapered']) {
      if (!view.tables.hasEntity(entity)) continue;
      for (const solid of view.ofType(entity)) {
        for (const attribute of ['SweptArea', 'EndSweptArea']) {
          const profile = view.ref(solid, attribute);
          const upper = profile === null ? '' : view.classOf(profile);
          if (upper === 'IFCDERIVEDPROFILEDEF' || upper === 'IFCMIRROREDPROFILEDEF') judge(solid, profile!);
        }
      }
    }
  },
};
