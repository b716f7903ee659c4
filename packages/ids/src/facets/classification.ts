/**
 * Classification facet: some classification reference of the element (or its type; the reader
 * resolves the occurrence-overrides-type rule per system) must be in a matching system and, when a
 * value is given, the reference or any of its ancestors in the hierarchy must match it.
 */
import type { ClassificationReferenceView, IfcModel } from '@plumbline/ifc/model';
import type { ClassificationFacet } from '../document';
import { compileValue, type ValueMatcher } from '../restriction/matcher';
import type { FacetCardinality } from '../results';
import { type CompiledFacet, describedLater, type Evaluation, PASS } from './evaluation';

const NONE: Evaluation = { status: 'absent', reason: 'has no classification' };

export class CompiledClassificationFacet implements CompiledFacet {
  readonly type = 'classification' as const;
  readonly cardinality: FacetCardinality;
  readonly description: string;
  readonly system: ValueMatcher | null;
  readonly value: ValueMatcher | null;

  constructor(facet: ClassificationFacet) {
    this.cardinality = facet.cardinality;
    this.system = facet.system ? compileValue(facet.system) : null;
    this.value = facet.value ? compileValue(facet.value) : null;
    const parts = ['classification'];
    if (this.system) parts.push(`in system ${this.system.description}`);
    if (this.value) parts.push(`with reference ${this.value.description}`);
    this.description = parts.join(' ');
  }

  private matchesReference(ref: ClassificationReferenceView): boolean {
    if (this.system && (ref.system === null || !this.system.matchesString(ref.system))) return false;
    if (!this.value) return true;
    if (ref.identification !== null && this.value.matchesString(ref.identification)) return true;
    for (const code of ref.hierarchy) if (this.value.matchesString(code)) return true;
    return false;
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    const refs = model.classifications(id);
    if (refs.length === 0) return NONE;
    for (const ref of refs) if (this.matchesReference(ref)) return PASS;
    return describedLater(() => {
      const found = refs.map(
        (r) => `${r.system ?? '(no system)'}${r.identification ? ` ${r.identification}` : ''}`,
      );
      return {
        reason: `is classified as ${found.join(', ')}; expected ${this.description}`,
        actualValue: found.join(', '),
      };
    });
  }
}
