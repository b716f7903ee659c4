/**
 * Applicability as look-ups (issue 22). Packs of hundreds of specifications typically differ in
 * one property literal of their applicability ("Pset_DoorCommon.Reference = D02-417"). Such
 * specifications are grouped by (property set, property); per element the property's values are
 * read once per group and looked up in a hash of the literals, and only the specifications whose
 * literal is there are evaluated, instead of every specification of the pack.
 *
 * The look-up is a pre-filter: a specification it selects is still evaluated in full, facet by
 * facet, so results are exactly those of evaluating every specification. It must never leave out a
 * specification that applies: it is used only for a property facet whose property set and name
 * are simple values and whose value is a simple value or a pure enumeration; such a facet passes
 * only on a property of that exact set and name with a value equal to one of the literals. A string
 * value equals a literal only when it is the same text (IDS typed-value rules, restriction/matcher),
 * so strings are looked up; any other value (number, boolean) selects every specification of the
 * group, which then compares it with the IDS rules and tolerance.
 */
import type { IfcModel, IfcValue, PropertySetView } from '@plumbline/ifc/model';
import type { CompiledFacet } from '../facets/evaluation';
import { CompiledPropertyFacet } from '../facets/property';

/** The facet a specification can be looked up by, with its key and literals; null when none. */
export function lookupFacet(
  applicability: readonly CompiledFacet[],
): { pset: string; property: string; literals: readonly string[] } | null {
  for (const facet of applicability) {
    if (!(facet instanceof CompiledPropertyFacet)) continue;
    const pset = facet.propertySet.exact;
    const property = facet.baseName.exact;
    const literals = facet.value?.finite;
    if (pset === null || property === null || !literals) continue;
    return { pset, property, literals };
  }
  return null;
}

/** Specifications keyed on one (property set, property), by literal. */
export class LookupGroup<T> {
  private readonly byLiteral = new Map<string, T[]>();
  /** Every member, in the order added: what a non-string value selects. */
  readonly members: T[] = [];

  constructor(
    readonly pset: string,
    readonly property: string,
  ) {}

  add(member: T, literals: readonly string[]): void {
    this.members.push(member);
    for (const literal of new Set(literals)) {
      let list = this.byLiteral.get(literal);
      if (list === undefined) {
        list = [];
        this.byLiteral.set(literal, list);
      }
      list.push(member);
    }
  }

  /**
   * Calls `visit` for each member that may apply to the element: possibly more than apply, never
   * fewer, and possibly more than once for one member (the caller skips repeats).
   */
  select(model: IfcModel, id: number, visit: (member: T) => void): void {
    const sets = model.propertySets(id);
    for (let i = 0; i < sets.length; i++) {
      const set = sets[i] as PropertySetView;
      if (set.name !== this.pset) continue;
      for (const prop of set.properties) {
        if (prop.name !== this.property) continue;
        // The values the property facet compares (check/property.ts).
        const values = prop.siValues.length === prop.values.length ? prop.siValues : prop.values;
        for (let k = 0; k < values.length; k++) {
          const v = (values[k] as IfcValue).value;
          if (typeof v !== 'string') {
            for (const m of this.members) visit(m);
            return;
          }
          const hit = this.byLiteral.get(v);
          if (hit !== undefined) for (const m of hit) visit(m);
        }
      }
    }
  }
}

/** Groups keyed by property set and property name. */
export function groupKey(pset: string, property: string): string {
  return `${pset}\u0000${property}`;
}
