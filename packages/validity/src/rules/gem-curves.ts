/** GEM111 (no duplicate points in poly loops and polylines), GEM112 and GEM113 (indexed poly curves). */
import type { Rule } from '../rule';
import type { View } from '../view';
import {
  coordinates,
  distance,
  firstClosePair,
  numberLists,
  numbers,
  type Point,
  precisionFor,
} from './geometry';

export const GEM111: Rule = {
  id: 'GEM111',
  severity: 'error',
  check(view, out) {
    const precision = precisionFor(view);
    for (const loop of view.ofType('IfcPolyLoop')) {
      out.activate();
      const points = view.refs(loop, 'Polygon').map((p) => coordinates(view, p));
      const pair = firstClosePair(points, precision(loop));
      if (pair) out.add(loop, 'validity.GEM111.duplicate', { first: pair[0] + 1, second: pair[1] + 1 });
    }
    for (const line of view.ofType('IfcPolyline')) {
      const ids = view.refs(line, 'Points');
      if (ids.length === 0) continue;
      out.activate();
      const points = ids.map((p) => coordinates(view, p));
      const p = precision(line);
      const closed = distance(points[0]!, points[points.length - 1]!) < p;
      const pair = firstClosePair(points, p, closed ? [0, points.length - 1] : undefined);
      if (pair) out.add(line, 'validity.GEM111.duplicate', { first: pair[0] + 1, second: pair[1] + 1 });
      if (closed && ids[0] !== ids[ids.length - 1]) out.add(line, 'validity.GEM111.closedByCopy');
    }
  },
};

/** The points an indexed poly curve passes through, as the validation service joins its segments. */
function indexedPoints(view: View, curve: number): { points: Point[]; list: number[][] } {
  const pointList = view.ref(curve, 'Points');
  const list = pointList === null ? [] : numberLists(view.attr(pointList, 'CoordList'));
  const segments = view.attr(curve, 'Segments');
  if (segments?.kind !== 'list' || segments.items.length === 0) return { points: list, list };
  const indices = segments.items.map((s) => numbers(s.kind === 'typed' ? s.value : s));
  const joined: number[] = [];
  for (let s = 0; s + 1 < indices.length; s++) {
    const a = indices[s]!;
    // Head-to-tail segments share a point; a segment whose end is not the next one's start is left out.
    if (a[a.length - 1] === indices[s + 1]![0]) joined.push(...a.slice(0, -1));
  }
  joined.push(...indices[indices.length - 1]!);
  return { points: joined.filter((i) => i >= 1 && i <= list.length).map((i) => list[i - 1]!), list };
}

export const GEM112: Rule = {
  id: 'GEM112',
  severity: 'error',
  check(view, out) {
    const precision = precisionFor(view);
    for (const curve of view.ofType('IfcIndexedPolyCurve')) {
      out.activate();
      const { points } = indexedPoints(view, curve);
      const p = precision(curve);
      for (let i = 1; i < points.length; i++) {
        if (distance(points[i - 1]!, points[i]!) < p) {
          out.add(curve, 'validity.GEM112.coincident', { first: i, second: i + 1 });
          break;
        }
      }
    }
  },
};

/** Distance of `b` from the line through `a` and `c`. */
function distanceFromLine(a: Point, b: Point, c: Point): number {
  const dims = Math.min(a.length, b.length, c.length);
  const u: number[] = [];
  const v: number[] = [];
  for (let d = 0; d < dims; d++) {
    u.push(c[d]! - a[d]!);
    v.push(b[d]! - a[d]!);
  }
  const length = Math.hypot(...u);
  if (length === 0) return Math.hypot(...v);
  const along = u.reduce((s, x, d) => s + x * v[d]!, 0) / length;
  return Math.sqrt(Math.max(0, v.reduce((s, x) => s + x * x, 0) - along * along));
}

export const GEM113: Rule = {
  id: 'GEM113',
  severity: 'error',
  check(view, out) {
    const precision = precisionFor(view);
    for (const curve of view.ofType('IfcIndexedPolyCurve')) {
      out.activate();
      const segments = view.attr(curve, 'Segments');
      if (segments?.kind !== 'list') continue;
      const { list } = indexedPoints(view, curve);
      const p = precision(curve);
      for (const segment of segments.items) {
        if (segment.kind !== 'typed' || segment.type !== 'IFCARCINDEX') continue;
        const idx = numbers(segment.value);
        if (idx.length !== 3 || !idx.every((i) => i >= 1 && i <= list.length)) continue;
        const [a, b, c] = idx.map((i) => list[i - 1]!) as unknown as [Point, Point, Point];
        if (distanceFromLine(a, b, c) < p) {
          out.add(curve, 'validity.GEM113.colinear', { points: idx.join(', ') });
        }
      }
    }
  },
};
