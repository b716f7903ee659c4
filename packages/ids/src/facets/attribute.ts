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
  readonly name: ValueMatcher;
  readonly value: ValueMatcher | null;
  /** Declared type (upper case) per "CLASS.Attribute", for unit conversion. */
  private readonly declared = new Map<string, string | null>();

  constructor(readonly source: AttributeFacet) {
    this.cardinality = source.cardinality;
    this.name = compileValue(source.name);
    this.value = source.value ? compileValue(source.value) : null;
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
      // The facet names the attribute by a pattern here: the report names it by the facet.
      return { status: 'absent', detail: { kind: seen === 0 ? 'attributeUndefined' : 'attributeUnset' } };
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
    if (v === undefined) return { status: 'absent', detail: { kind: 'attributeUndefined', subject: name } };
    if (isStepAbsent(v)) return { status: 'absent', detail: { kind: 'attributeUnset', subject: name } };
    if (isStepEmpty(v)) {
      return {
        status: 'fail',
        detail: { kind: 'attributeEmpty', subject: name },
        actualValue: '',
        outcome: 'empty',
      };
    }
    if (!this.value) return PASS;
    const raw = stepScalar(v);
    if (raw === null) {
      return { status: 'fail', detail: { kind: 'attributeNotAValue', subject: name } };
    }
    const scalar = this.inSI(model, id, name, v, raw);
    const value = this.value;
    if (!value.matches(scalar)) {
      return describedLater(() => ({
        detail: { kind: 'attributeMismatch', subject: name, actual: [formatScalar(scalar)] },
        actualValue: String(scalar.value),
      }));
    }
    return PASS;
  }
}
