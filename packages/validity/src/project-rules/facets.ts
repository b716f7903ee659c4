/**
 * Facets, expressions and values of project rules, evaluated on one element as IDS evaluates its
 * facets: entity names exact (no subtypes), a facet without a value needs a present, non-empty one,
 * property and quantity values in SI units, reals equal within 1e-6 (relative), patterns on the
 * linear-time engine (re2js, anchored).
 */
import { type IfcValue, predefinedTypeNames, type StepValue } from '@plumbline/ifc';
import { RE2JS } from 're2js';
import { plainValue, type View } from '../view';
import type { Expr, Facet, ValueRef, ValueSpec } from './types';

export type Plain = string | number | boolean;

const patterns = new Map<string, RE2JS>();
function pattern(p: string): RE2JS {
  let re = patterns.get(p);
  if (!re) {
    re = RE2JS.compile(p);
    patterns.set(p, re);
  }
  return re;
}

const closeTo = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

function literalMatches(spec: string | number | boolean, v: Plain): boolean {
  if (typeof spec === 'number') return typeof v === 'number' ? closeTo(v, spec) : Number(v) === spec;
  if (typeof spec === 'boolean') return v === spec || v === String(spec);
  if (typeof v === 'number')
    return spec.trim() !== '' && !Number.isNaN(Number(spec)) && closeTo(v, Number(spec));
  return String(v) === spec;
}

export function valueMatches(spec: ValueSpec | undefined, v: Plain): boolean {
  if (spec === undefined) return true;
  if (typeof spec !== 'object') return literalMatches(spec, v);
  if ('pattern' in spec) return pattern(spec.pattern).matches(String(v));
  if ('enum' in spec) return spec.enum.some((e) => literalMatches(e, v));
  const n = typeof v === 'number' ? v : Number(v);
  if (Number.isNaN(n)) return false;
  return (
    (spec.min === undefined || n >= spec.min - 1e-6 * Math.max(1, Math.abs(spec.min))) &&
    (spec.max === undefined || n <= spec.max + 1e-6 * Math.max(1, Math.abs(spec.max)))
  );
}

/** A value IDS would count as present: not null, not an empty string, not UNKNOWN. */
const present = (v: Plain | null): v is Plain => v !== null && v !== '' && v !== 'UNKNOWN';

const fromIfcValue = (v: IfcValue | undefined): Plain | null => (v === undefined ? null : v.value);

/** The values of a property or quantity (SI), or [] when the element has none. */
function propertyValues(view: View, id: number, set: string, name: string): Plain[] {
  const pset = view.model.propertySets(id).find((s) => s.name === set);
  const property = pset?.properties.find((p) => p.name === name);
  return (property?.siValues ?? []).map((v) => fromIfcValue(v)).filter(present);
}

/** An attribute's value, a measure converted to SI by its declared type. */
function attributeValue(view: View, id: number, name: string): Plain | null {
  const raw: StepValue | undefined = view.attr(id, name);
  const v = plainValue(raw);
  if (typeof v !== 'number') return v;
  const declared = view.tables.attributeDef(view.classOf(id), name)?.type;
  return declared ? view.model.toSI(v, declared.toUpperCase()) : v;
}

/** The value a reference reads on an element (the first, for several), or null when absent. */
export function readValue(view: View, id: number, ref: ValueRef): Plain | null {
  if ('attribute' in ref) {
    const v = attributeValue(view, id, ref.attribute);
    return present(v) ? v : null;
  }
  const [first] =
    'property' in ref
      ? propertyValues(view, id, ref.propertySet, ref.property)
      : propertyValues(view, id, ref.quantitySet, ref.quantity);
  return first ?? null;
}

function partOf(view: View, id: number, facet: Extract<Facet, { partOf: string }>): boolean {
  const target = facet.partOf.toUpperCase();
  const seen = new Set<number>();
  let frontier = [id];
  for (let depth = 0; depth < 64 && frontier.length > 0; depth++) {
    const next: number[] = [];
    for (const child of frontier) {
      for (const link of view.model.parents(child)) {
        if (facet.relation && link.relation !== facet.relation) continue;
        if (view.classOf(link.id) === target) return true;
        if (!seen.has(link.id)) {
          seen.add(link.id);
          next.push(link.id);
        }
      }
    }
    frontier = next;
  }
  return false;
}

export function facetHolds(view: View, id: number, facet: Facet): boolean {
  if ('entity' in facet) {
    if (view.classOf(id) !== facet.entity.toUpperCase()) return false;
    if (facet.predefinedType === undefined) return true;
    return predefinedTypeNames(view.model.predefinedTypeView(id)).some((n) =>
      valueMatches(facet.predefinedType, n),
    );
  }
  if ('attribute' in facet) {
    // As IDS reads attributes: the value as written (no unit conversion).
    const v = plainValue(view.attr(id, facet.attribute));
    return present(v) && valueMatches(facet.value, v);
  }
  if ('property' in facet || 'quantity' in facet) {
    const values =
      'property' in facet
        ? propertyValues(view, id, facet.propertySet, facet.property)
        : propertyValues(view, id, facet.quantitySet, facet.quantity);
    return values.length > 0 && values.some((v) => valueMatches(facet.value, v));
  }
  if ('classification' in facet) {
    const { system, value } = facet.classification;
    return view.model
      .classifications(id)
      .some(
        (c) =>
          (system === undefined || (c.system !== null && valueMatches(system, c.system))) &&
          (value === undefined || c.hierarchy.some((h) => valueMatches(value, h))),
      );
  }
  if ('material' in facet) {
    const materials = view.model.materials(id);
    if (facet.material === true) return materials.length > 0;
    return materials.some((m) => m.names.some((n) => valueMatches(facet.material as ValueSpec, n)));
  }
  return partOf(view, id, facet);
}

export function exprHolds(view: View, id: number, expr: Expr): boolean {
  if ('all' in expr) return expr.all.every((e) => exprHolds(view, id, e));
  if ('any' in expr) return expr.any.some((e) => exprHolds(view, id, e));
  if ('not' in expr) return !exprHolds(view, id, expr.not);
  return facetHolds(view, id, expr);
}

/** The entity names an expression requires of every element it selects (a conjunction's entity facet), or null. */
export function requiredEntity(expr: Expr): string | null {
  if ('entity' in expr) return expr.entity.toUpperCase();
  if ('all' in expr)
    for (const e of expr.all) {
      const found = requiredEntity(e);
      if (found) return found;
    }
  return null;
}
