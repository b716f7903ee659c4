/**
 * Geometry the GEM rules read: point coordinates, and the precision that applies to a
 * representation item (the largest Precision of the contexts of the representations it is used in,
 * 1e-5 when none states one, as the validation service reads it).
 */
import type { StepValue } from '@plumbline/ifc';
import type { View } from '../view';

export const DEFAULT_PRECISION = 1e-5;
export type Point = readonly number[];

/** Numbers of a list value (reals and integers, typed or not). */
export function numbers(v: StepValue | undefined): number[] {
  if (v?.kind !== 'list') return [];
  const out: number[] = [];
  for (const item of v.items) {
    const inner = item.kind === 'typed' ? item.value : item;
    if (inner.kind === 'real' || inner.kind === 'integer') out.push(inner.value);
  }
  return out;
}

/** A list of lists of numbers (CoordList, CoordIndex). */
export function numberLists(v: StepValue | undefined): number[][] {
  return v?.kind === 'list' ? v.items.map((item) => numbers(item)) : [];
}

export function coordinates(view: View, point: number): Point {
  return numbers(view.attr(point, 'Coordinates'));
}

export function distance(a: Point, b: Point): number {
  if (a.length !== b.length) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

const precisionCache = new WeakMap<View, (id: number) => number>();

/**
 * The precision for an item: walks down from each representation (largest Precision first), so
 * each instance is marked once. Built on the first question (a model without the curves the GEM
 * rules judge reads no representation for it).
 */
export function precisionFor(view: View): (id: number) => number {
  const cached = precisionCache.get(view);
  if (cached) return cached;
  let built: ((id: number) => number) | null = null;
  const lookup = (id: number) => {
    built ??= buildPrecision(view);
    return built(id);
  };
  precisionCache.set(view, lookup);
  return lookup;
}

function buildPrecision(view: View): (id: number) => number {
  const reps: [number, number][] = [];
  // A model has a few contexts and many representations: each context's Precision decoded once.
  const contextPrecision = new Map<number, number | undefined>();
  for (const rep of view.ofType('IfcRepresentation')) {
    const context = view.ref(rep, 'ContextOfItems');
    if (context === null) continue;
    let value: number | undefined;
    if (contextPrecision.has(context)) value = contextPrecision.get(context);
    else {
      const p = view.attr(context, 'Precision');
      value = p?.kind === 'real' || p?.kind === 'integer' ? p.value : undefined;
      contextPrecision.set(context, value);
    }
    if (value !== undefined) reps.push([rep, value]);
  }
  let lookup: (id: number) => number;
  if (reps.every(([, p]) => p === DEFAULT_PRECISION)) {
    lookup = () => DEFAULT_PRECISION; // every context says the default, or leaves it to its parent
  } else {
    const { model } = view;
    const marks = new Float64Array(model.instanceCount).fill(Number.NaN);
    reps.sort((a, b) => b[1] - a[1]);
    const refs: number[] = [];
    for (const [rep, p] of reps) {
      refs.length = 0;
      const stack = model.referencesOf(rep, refs).slice();
      while (stack.length > 0) {
        const id = stack.pop()!;
        const k = model.ordinalOf(id);
        if (k < 0 || !Number.isNaN(marks[k]!)) continue; // marked already, by an equal or larger precision
        if (view.is(id, 'IfcRepresentation')) continue; // a mapped representation has its own context
        marks[k] = p;
        refs.length = 0;
        for (const r of model.referencesOf(id, refs)) stack.push(r);
      }
    }
    lookup = (id) => {
      const k = model.ordinalOf(id);
      const p = k < 0 ? Number.NaN : marks[k]!;
      return Number.isNaN(p) ? DEFAULT_PRECISION : p;
    };
  }
  return lookup;
}

/**
 * The first pair (i < j) of points closer than `precision`, skipping the pair `skip`, or null.
 * A grid of cells the size of the precision keeps this linear in the number of points.
 */
export function firstClosePair(
  points: readonly Point[],
  precision: number,
  skip?: readonly [number, number],
): [number, number] | null {
  const n = points.length;
  const skipped = (i: number, j: number) => skip !== undefined && skip[0] === i && skip[1] === j;
  if (n <= 32) {
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        if (!skipped(i, j) && distance(points[i]!, points[j]!) < precision) return [i, j];
      }
    }
    return null;
  }
  const cell = precision > 0 ? precision : Number.MIN_VALUE;
  const grid = new Map<string, number[]>();
  const key = (p: Point, offset: readonly number[]) =>
    p.map((c, d) => Math.floor(c / cell) + (offset[d] ?? 0)).join(',');
  const offsets: number[][] = [[]];
  const dims = Math.max(...points.map((p) => p.length));
  for (let d = 0; d < dims; d++) {
    const next: number[][] = [];
    for (const o of offsets) for (const step of [-1, 0, 1]) next.push([...o, step]);
    offsets.splice(0, offsets.length, ...next);
  }
  let best: [number, number] | null = null;
  for (let j = 0; j < n; j++) {
    const p = points[j]!;
    for (const o of offsets) {
      for (const i of grid.get(key(p, o)) ?? []) {
        if (
          !skipped(i, j) &&
          distance(points[i]!, p) < precision &&
          (best === null || i < best[0] || (i === best[0] && j < best[1]))
        ) {
          best = [i, j];
        }
      }
    }
    const own = key(p, []);
    const list = grid.get(own);
    if (list) list.push(j);
    else grid.set(own, [j]);
  }
  return best;
}
