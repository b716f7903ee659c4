/** MPD001 (mapped items keep their owner's identifier and one type) and SWE002 (no mirroring in derived profiles). */
import type { Rule } from '../rule';
import type { View } from '../view';
import { numbers } from './geometry';
import { MPD_CLEAN, mappedChecker, productPass } from './product-pass';

export const MPD001: Rule = {
  id: 'MPD001',
  severity: 'error',
  check(view, out) {
    // The products' representations were judged in the pass over products (product-pass.ts):
    // those without a finding are marked; the others, and the representations no product has,
    // are judged here, in this order.
    const { marks, mpdActive } = productPass(view);
    out.activate(mpdActive);
    const checker = mappedChecker(view);
    const { model } = view;
    for (const rep of view.ofType('IfcShapeRepresentation')) {
      const k = model.ordinalOf(rep);
      if (k >= 0 && (marks[k]! & MPD_CLEAN) !== 0) continue;
      checker.check(rep, out);
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
