/**
 * Attribute facet: an entity's own attribute (never inherited from its type). Null, derived,
 * logical unknown and empty lists count as absent; the empty string is present but empty.
 * Value checks on references or lists always fail: they are objects, not values.
 */
import type { IfcModel, StepValue } from '@plumbline/ifc/model';
import type { AttributeFacet } from '../document';
import { compileValue, type ValueMatcher } from '../restriction/matcher';
import type { FacetCardinality } from '../results';
import {
  type CompiledFacet,
  type Evaluation,
  formatScalar,
  isStepAbsent,
  isStepEmpty,
  PASS,
  stepScalar,
} from './evaluation';

export class CompiledAttributeFacet implements CompiledFacet {
  readonly type = 'attribute' as const;
  readonly cardinality: FacetCardinality;
  readonly description: string;
  readonly name: ValueMatcher;
  readonly value: ValueMatcher | null;
  private readonly label: string;

  constructor(facet: AttributeFacet) {
    this.cardinality = facet.cardinality;
    this.name = compileValue(facet.name);
    this.value = facet.value ? compileValue(facet.value) : null;
    this.label = this.name.exact ?? `attribute ${this.name.description}`;
    this.description = this.value ? `${this.label} = ${this.value.description}` : `${this.label} provided`;
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    const exact = this.name.exact;
    if (exact !== null) return this.check(exact, model.attribute(id, exact));
    let seen = 0;
    let present = 0;
    for (const [name, v] of model.attributes(id)) {
      if (!this.name.matchesString(name)) continue;
      seen++;
      if (isStepAbsent(v)) continue;
      present++;
      const result = this.check(name, v);
      if (result.status !== 'pass') return result;
    }
    if (present === 0) {
      return {
        status: 'absent',
        reason: seen === 0 ? `has no attribute ${this.label}` : `${this.label} is not set`,
      };
    }
    return PASS;
  }

  private check(name: string, v: StepValue | undefined): Evaluation {
    if (v === undefined) return { status: 'absent', reason: `has no attribute ${name}` };
    if (isStepAbsent(v)) return { status: 'absent', reason: `${name} is not set` };
    if (isStepEmpty(v)) return { status: 'fail', reason: `${name} is empty`, actualValue: '' };
    if (!this.value) return PASS;
    const scalar = stepScalar(v);
    if (scalar === null) {
      return {
        status: 'fail',
        reason: `${name} refers to an object or a list, which cannot be compared with a value`,
      };
    }
    if (!this.value.matches(scalar)) {
      const actual = formatScalar(scalar);
      return {
        status: 'fail',
        reason: `${name} is ${actual}, expected ${this.value.description}`,
        actualValue: String(scalar.value),
      };
    }
    return PASS;
  }
}
