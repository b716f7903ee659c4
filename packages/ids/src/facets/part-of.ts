/**
 * PartOf facet: the element is, directly or transitively, part of a whole of the given class (exact,
 * no subtypes) and predefined type, through the named relation, or any of the six when none is named.
 * The voids/fills relation value covers both: a door fills an opening that voids a wall. For
 * containment, an element that is not contained itself is in the container of the whole it is
 * aggregated into (a beam of a slab is in the slab's storey).
 */
import {
  type IfcModel,
  type ParentLink,
  type PartOfRelation,
  predefinedTypeNames,
} from '@plumbline/ifc/model';
import type { PartOfFacet } from '../document';
import { compileValue, type ValueMatcher } from '../restriction/matcher';
import type { FacetCardinality } from '../results';
import { type CompiledFacet, type Evaluation, PASS } from './evaluation';

const MAX_DEPTH = 256;
const NONE: Evaluation = { status: 'absent', detail: { kind: 'partOfMissing' } };

export class CompiledPartOfFacet implements CompiledFacet {
  readonly type = 'partOf' as const;
  readonly cardinality: FacetCardinality;
  readonly name: ValueMatcher;
  readonly predefinedType: ValueMatcher | null;
  private readonly relations: ReadonlySet<PartOfRelation> | null;
  private readonly containment: boolean;

  constructor(readonly source: PartOfFacet) {
    this.cardinality = source.cardinality;
    this.name = compileValue(source.entity.name);
    this.predefinedType = source.entity.predefinedType ? compileValue(source.entity.predefinedType) : null;
    this.relations = source.relation ? new Set(source.relation.split(' ') as PartOfRelation[]) : null;
    this.containment = source.relation === 'IFCRELCONTAINEDINSPATIALSTRUCTURE';
  }

  private matchesWhole(model: IfcModel, id: number, cls: string): boolean {
    if (!this.name.matchesString(cls)) return false;
    const matcher = this.predefinedType;
    if (!matcher) return true;
    return predefinedTypeNames(model.predefinedTypeView(id)).some((name) => matcher.matchesString(name));
  }

  /** Parents through the facet's relation(s); for containment, through the aggregate whole when not contained. */
  private links(model: IfcModel, id: number): readonly ParentLink[] {
    const all = model.parents(id);
    if (!this.containment) return all;
    const contained = all.filter((l) => l.relation === 'IFCRELCONTAINEDINSPATIALSTRUCTURE');
    if (contained.length > 0) return contained;
    // Not contained: look through the aggregate whole, without counting it as a container.
    for (
      let whole = all.find((l) => l.relation === 'IFCRELAGGREGATES'), depth = 0;
      whole && depth < MAX_DEPTH;
      depth++
    ) {
      const up = model.parents(whole.id);
      const found = up.filter((l) => l.relation === 'IFCRELCONTAINEDINSPATIALSTRUCTURE');
      if (found.length > 0) return found;
      whole = up.find((l) => l.relation === 'IFCRELAGGREGATES');
    }
    return [];
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    // Breadth-first up the part-of graph; the visited list doubles as the queue (no shifting).
    const seen: number[] = [];
    let next = -1; // index in `seen` of the next whole to expand; -1 = the element itself
    while (next < seen.length && seen.length < MAX_DEPTH) {
      const current = next < 0 ? id : (seen[next] as number);
      next++;
      const links = this.links(model, current);
      for (let i = 0; i < links.length; i++) {
        const link = links[i] as ParentLink;
        if (this.relations && !this.relations.has(link.relation)) continue;
        if (link.id === id || seen.includes(link.id)) continue;
        seen.push(link.id);
        if (this.matchesWhole(model, link.id, model.classOf(link.id) ?? '')) return PASS;
      }
    }
    if (seen.length === 0) return NONE;
    const classes = [...new Set(seen.map((w) => model.classOf(w) ?? '?'))];
    return {
      status: 'fail',
      detail: { kind: 'partOfMismatch', actual: classes },
      actualValue: classes.join(', '),
    };
  }
}
