/**
 * Attribute facet: an entity's own attribute (never inherited from its type). Null, derived,
 * logical unknown and empty lists count as absent; the empty string is present but empty.
 * Value checks on references or lists always fail: they are objects, not values. Numbers of a
 * measure type (declared, or written typed in a select) are compared in SI units, like properties.
 */
import type { IfcModel, StepValue } from '@plumbline/ifc/model';
import { tablesFor } from '../audit/schema-lookup';
import type { AttributeFacet } from '../document';
import { compileValue, type ScalarValue, type ValueMatcher } from '../restriction/matcher';
import type { FacetCardinality } from '../results';
import {
  type CompiledFacet,
  describedLater,
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
  /** Declared type (upper case) per "CLASS.Attribute", for unit conversion. */
  private readonly declared = new Map<string, string | null>();

  constructor(facet: AttributeFacet) {
    this.cardinality = facet.cardinality;
    this.name = compileValue(facet.name);
    this.value = facet.value ? compileValue(facet.value) : null;
    this.label = this.name.exact ?? `attribute ${this.name.description}`;
    this.description = this.value ? `${this.label} = ${this.value.description}` : `${this.label} provided`;
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    const exact = this.name.exact;
    if (exact !== null) return this.check(model, id, exact, model.attribute(id, exact));
    let seen = 0;
    let present = 0;
    for (const [name, v] of model.attributes(id)) {
      if (!this.name.matchesString(name)) continue;
      seen++;
      if (isStepAbsent(v)) continue;
      present++;
      const result = this.check(model, id, name, v);
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

  /** A number in SI when its measure type has a project unit; other values unchanged. */
  private inSI(model: IfcModel, id: number, name: string, v: StepValue, scalar: ScalarValue): ScalarValue {
    if (typeof scalar.value !== 'number') return scalar;
    let measure: string | null;
    if (v.kind === 'typed') measure = v.type;
    else {
      const cls = model.classOf(id) ?? '';
      const key = `${cls}.${name}`;
      let d = this.declared.get(key);
      if (d === undefined) {
        d = tablesFor(model.schema).attributeDef(cls, name)?.type.toUpperCase() ?? null;
        this.declared.set(key, d);
      }
      measure = d;
    }
    if (measure === null) return scalar;
    const si = model.toSI(scalar.value, measure);
    return si === scalar.value ? scalar : { value: si, isReal: true };
  }

  private check(model: IfcModel, id: number, name: string, v: StepValue | undefined): Evaluation {
    if (v === undefined) return { status: 'absent', reason: `has no attribute ${name}` };
    if (isStepAbsent(v)) return { status: 'absent', reason: `${name} is not set` };
    if (isStepEmpty(v))
      return { status: 'fail', reason: `${name} is empty`, actualValue: '', outcome: 'empty' };
    if (!this.value) return PASS;
    const raw = stepScalar(v);
    if (raw === null) {
      return {
        status: 'fail',
        reason: `${name} refers to an object or a list, which cannot be compared with a value`,
      };
    }
    const scalar = this.inSI(model, id, name, v, raw);
    const value = this.value;
    if (!value.matches(scalar)) {
      return describedLater(() => ({
        reason: `${name} is ${formatScalar(scalar)}, expected ${value.description}`,
        actualValue: String(scalar.value),
      }));
    }
    return PASS;
  }
}
