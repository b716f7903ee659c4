/** Entity facet: exact IFC class (subtypes never match) and optionally the resolved PredefinedType. */
import type { IfcModel } from '@plumbline/ifc/model';
import type { EntityFacet } from '../document';
import { compileValue, type ValueMatcher } from '../restriction/matcher';
import { type CompiledFacet, type Evaluation, PASS } from './evaluation';

export class CompiledEntityFacet implements CompiledFacet {
  readonly type = 'entity' as const;
  readonly cardinality = 'required' as const;
  readonly description: string;
  readonly name: ValueMatcher;
  readonly predefinedType: ValueMatcher | null;

  constructor(facet: EntityFacet) {
    this.name = compileValue(facet.name);
    this.predefinedType = facet.predefinedType ? compileValue(facet.predefinedType) : null;
    const cls = this.name.exact ?? `entity ${this.name.description}`;
    this.description = this.predefinedType
      ? `${cls} with predefined type ${this.predefinedType.description}`
      : cls;
  }

  /** Whether the class alone matches (used to pick candidate classes). */
  matchesClass(className: string): boolean {
    return this.name.matchesString(className);
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    const cls = model.classOf(id) ?? '';
    if (!this.name.matchesString(cls)) {
      return {
        status: 'fail',
        reason: `is ${cls}, expected ${this.name.exact ?? this.name.description}`,
        actualValue: cls,
      };
    }
    if (this.predefinedType) {
      const pt = model.predefinedType(id);
      if (pt === null)
        return {
          status: 'fail',
          reason: `has no predefined type, expected ${this.predefinedType.description}`,
        };
      if (!this.predefinedType.matchesString(pt)) {
        return {
          status: 'fail',
          reason: `predefined type is "${pt}", expected ${this.predefinedType.description}`,
          actualValue: pt,
        };
      }
    }
    return PASS;
  }
}
