/**
 * The expected outcome of every oracle specification, evaluated on the generator's facts with the
 * IDS 1.0 facet rules written out here a second time (from the IDS documentation, not from the
 * engine): which elements are applicable, and which requirement facets each of them fails.
 */
import {
  type OracleElement,
  type OracleMaterial,
  type OracleModelFacts,
  type OracleValue,
  oracleClass,
  quantitySetName,
} from './facts';
import type { OracleCardinality, OracleFacet, OracleRestriction, OracleSpec } from './specs';

export interface OracleExpectation {
  readonly id: string;
  readonly status: 'pass' | 'fail';
  /** GlobalId → indexes of the requirement facets it fails (empty: it passes). */
  readonly elements: ReadonlyMap<string, readonly number[]>;
  readonly cardinality: OracleCardinality;
}

type Scalar = string | number | boolean;

/** Does a value satisfy a restriction? Numbers compare as numbers, everything else as text. */
export function satisfies(r: OracleRestriction, value: Scalar): boolean {
  const text = typeof value === 'boolean' ? String(value) : String(value);
  const asNumber = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));
  const equal = (expected: string) => {
    if (typeof value === 'number')
      return Math.abs(asNumber(expected) - value) <= 1e-6 * (1 + Math.abs(value));
    return expected === text;
  };
  switch (r.kind) {
    case 'simple':
      return equal(r.value);
    case 'enumeration':
      return r.values.some(equal);
    case 'pattern':
      return typeof value === 'string' && new RegExp(`^(?:${r.pattern})$`, 'u').test(value);
    case 'bounds': {
      if (typeof value !== 'number') return false;
      if (r.minInclusive !== undefined && !(value >= r.minInclusive)) return false;
      if (r.minExclusive !== undefined && !(value > r.minExclusive)) return false;
      if (r.maxInclusive !== undefined && !(value <= r.maxInclusive)) return false;
      if (r.maxExclusive !== undefined && !(value < r.maxExclusive)) return false;
      return true;
    }
    case 'length': {
      if (typeof value !== 'string') return false;
      const n = [...value].length;
      if (r.length !== undefined && n !== r.length) return false;
      if (r.minLength !== undefined && n < r.minLength) return false;
      if (r.maxLength !== undefined && n > r.maxLength) return false;
      return true;
    }
  }
}

/**
 * The names an element's predefined type answers to (entity-facet.md): the type object's value when
 * it defines one (not NOTDEFINED; USERDEFINED only with an ElementType name), else the occurrence's;
 * a user-defined type answers to its name and to USERDEFINED.
 */
export function predefinedNames(e: OracleElement): string[] {
  const t = e.type;
  if (t?.predefinedType === 'USERDEFINED' && t.elementType) return [t.elementType, 'USERDEFINED'];
  if (t?.predefinedType && t.predefinedType !== 'USERDEFINED' && t.predefinedType !== 'NOTDEFINED')
    return [t.predefinedType];
  if (e.predefinedType === 'USERDEFINED')
    return e.objectType ? [e.objectType, 'USERDEFINED'] : ['USERDEFINED'];
  if (e.predefinedType) return [e.predefinedType];
  if (e.objectType) return [e.objectType];
  if (t?.predefinedType === 'USERDEFINED') return ['USERDEFINED'];
  return [];
}

/**
 * IFC2X3 occurrence/type mapping (IDS documentation): an IfcFlowTerminal typed by an
 * IfcAirTerminalType is what IFC4 calls an IfcAirTerminal.
 */
function ifc2x3Alias(e: OracleElement): string | null {
  if (e.className === 'IFCFLOWTERMINAL' && e.type?.className === 'IFCAIRTERMINALTYPE')
    return 'IFCAIRTERMINAL';
  return null;
}

/** Type properties, overridden property by property by the occurrence's. */
function effectivePsets(e: OracleElement): Map<string, Map<string, OracleValue>> {
  const out = new Map<string, Map<string, OracleValue>>();
  for (const source of [e.type?.psets, e.psets]) {
    if (!source) continue;
    for (const [name, props] of source) {
      const target = out.get(name) ?? new Map<string, OracleValue>();
      for (const [prop, v] of props) target.set(prop, v);
      out.set(name, target);
    }
  }
  if (e.lengthMm !== null)
    out.set(
      quantitySetName(oracleClass(e.className)),
      new Map<string, OracleValue>([['Length', { type: 'IFCLENGTHMEASURE', value: e.lengthMm / 1000 }]]),
    );
  return out;
}

/** Own references, plus the type's for systems the occurrence does not use. */
function effectiveClassifications(e: OracleElement) {
  const own = e.classifications;
  const systems = new Set(own.map((r) => r.system));
  return [...own, ...(e.type?.classifications ?? []).filter((r) => !systems.has(r.system))];
}

function effectiveMaterial(e: OracleElement): OracleMaterial | null {
  return e.material ?? e.type?.material ?? null;
}

/** Outcome under a cardinality from "does it match as required" and "is the subject absent". */
function withCardinality(cardinality: OracleCardinality, matches: boolean, absent: boolean): boolean {
  if (cardinality === 'prohibited') return !matches;
  if (cardinality === 'optional' && absent) return true;
  return matches;
}

/** True when the element satisfies the facet (applicability: as required). */
export function facetHolds(f: OracleFacet, e: OracleElement, inRequirements: boolean): boolean {
  const card: OracleCardinality = inRequirements
    ? ('cardinality' in f && f.cardinality) || 'required'
    : 'required';
  switch (f.kind) {
    case 'entity': {
      if (!satisfies(f.name, e.className) && !satisfies(f.name, ifc2x3Alias(e) ?? '')) return false;
      if (!f.predefinedType) return true;
      const restriction = f.predefinedType;
      return predefinedNames(e).some((n) => satisfies(restriction, n));
    }
    case 'attribute': {
      const raw =
        f.name === 'GlobalId'
          ? e.globalId
          : f.name === 'Name'
            ? e.name
            : f.name === 'Description'
              ? e.description
              : f.name === 'Tag'
                ? e.tag
                : null;
      const value = f.value;
      const matches = raw !== null && raw !== '' && (!value || satisfies(value, raw));
      return withCardinality(card, matches, raw === null);
    }
    case 'property': {
      const found: OracleValue[] = [];
      for (const [name, props] of effectivePsets(e)) {
        if (!satisfies(f.propertySet, name)) continue;
        const v = props.get(f.baseName);
        if (v) found.push(v);
      }
      const value = f.value;
      const ok = (v: OracleValue) =>
        v.value !== null &&
        v.value !== '' &&
        (!f.dataType || f.dataType === v.type) &&
        (!value || satisfies(value, v.value));
      return withCardinality(card, found.length > 0 && found.every(ok), found.length === 0);
    }
    case 'classification': {
      const refs = effectiveClassifications(e);
      const { system, value } = f;
      const matches = refs.some(
        (r) => (!system || satisfies(system, r.system)) && (!value || satisfies(value, r.code)),
      );
      return withCardinality(card, matches, refs.length === 0);
    }
    case 'material': {
      const material = effectiveMaterial(e);
      const names = material
        ? material.parts.flatMap((p) => (p.category ? [p.name, p.category] : [p.name]))
        : [];
      const value = f.value;
      const matches = material !== null && (!value || names.some((n) => satisfies(value, n)));
      return withCardinality(card, matches, material === null);
    }
    case 'partOf': {
      const matches =
        f.relation === 'IFCRELCONTAINEDINSPATIALSTRUCTURE'
          ? f.entity === 'IFCBUILDINGSTOREY' && e.storey !== null
          : f.relation === 'IFCRELAGGREGATES'
            ? f.entity === 'IFCELEMENTASSEMBLY' && e.assembly !== null
            : f.entity === 'IFCSYSTEM' && e.system !== null;
      return withCardinality(card, matches, !matches);
    }
  }
}

export function expectOracle(facts: OracleModelFacts, specs: readonly OracleSpec[]): OracleExpectation[] {
  return specs.map((spec) => {
    const elements = new Map<string, number[]>();
    for (const e of facts.elements) {
      if (!spec.applicability.every((f) => facetHolds(f, e, false))) continue;
      const failed: number[] = [];
      spec.requirements.forEach((f, k) => {
        if (!facetHolds(f, e, true)) failed.push(k);
      });
      elements.set(e.globalId, failed);
    }
    const anyFailed = [...elements.values()].some((f) => f.length > 0);
    const pass =
      spec.cardinality === 'prohibited'
        ? elements.size === 0
        : spec.cardinality === 'required'
          ? elements.size > 0 && !anyFailed
          : !anyFailed;
    return { id: spec.id, status: pass ? 'pass' : 'fail', elements, cardinality: spec.cardinality };
  });
}
