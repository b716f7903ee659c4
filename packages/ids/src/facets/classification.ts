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

const NONE: Evaluation = { status: 'absent', detail: { kind: 'classificationMissing' } };

export class CompiledClassificationFacet implements CompiledFacet {
  readonly type = 'classification' as const;
  readonly cardinality: FacetCardinality;
  readonly system: ValueMatcher | null;
  readonly value: ValueMatcher | null;

  constructor(readonly source: ClassificationFacet) {
    this.cardinality = source.cardinality;
    this.system = source.system ? compileValue(source.system) : null;
    this.value = source.value ? compileValue(source.value) : null;
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
    return describedLater(() => ({
      detail: {
        kind: 'classificationMismatch',
        references: refs.map((r) => [r.system, r.identification || null] as const),
      },
      actualValue: refs
        .map((r) => `${r.system ?? '(no system)'}${r.identification ? ` ${r.identification}` : ''}`)
        .join(', '),
    }));
  }
}
