/**
 * Property facet: property and quantity sets (the type's merged in by the reader, occurrence
 * winning). Every matching set must hold a matching property, and every matching property must
 * have a non-empty value of the required data type (exact match: IFCLABEL is not IFCTEXT) that
 * satisfies the value. Numbers are compared in SI units. Multi-valued properties (enumerated, list,
 * bounded, table) pass when any of their values does. Reference and complex properties cannot be
 * checked and fail.
 */
import type { IfcModel, IfcValue, PropertySetView, PropertyView } from '@plumbline/ifc/model';
import type { PropertyFacet } from '../document';
import { compileValue, type ValueMatcher } from '../restriction/matcher';
import type { FacetCardinality } from '../results';
import { type CompiledFacet, type Evaluation, formatScalar, PASS } from './evaluation';

const MISSING: Evaluation = { status: 'absent', detail: { kind: 'propertyMissing' } };

function isEmptyValue(v: IfcValue): boolean {
  if (v.value === '') return true;
  return v.value === 'UNKNOWN' && v.dataType === 'IFCLOGICAL';
}

export class CompiledPropertyFacet implements CompiledFacet {
  readonly type = 'property' as const;
  readonly cardinality: FacetCardinality;
  readonly propertySet: ValueMatcher;
  readonly baseName: ValueMatcher;
  readonly value: ValueMatcher | null;
  readonly dataType: string | null;

  constructor(readonly source: PropertyFacet) {
    this.cardinality = source.cardinality;
    this.propertySet = compileValue(source.propertySet);
    this.baseName = compileValue(source.baseName);
    this.value = source.value ? compileValue(source.value) : null;
    this.dataType = source.dataType ? source.dataType.toUpperCase() : null;
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    const sets = model.propertySets(id);
    let matchedSets = 0;
    let setsWithProperty = 0;
    let lackingSet: string | null = null;
    for (let i = 0; i < sets.length; i++) {
      const set = sets[i] as PropertySetView;
      if (!this.propertySet.matchesString(set.name)) continue;
      matchedSets++;
      let found = 0;
      const props = set.properties;
      for (let j = 0; j < props.length; j++) {
        const prop = props[j] as PropertyView;
        if (!this.baseName.matchesString(prop.name)) continue;
        found++;
        const result = this.checkProperty(set.name, prop);
        if (result !== PASS) return result;
      }
      if (found > 0) setsWithProperty++;
      else if (lackingSet === null) lackingSet = set.name;
    }
    if (matchedSets === 0 || setsWithProperty === 0) return MISSING;
    if (lackingSet !== null) {
      return { status: 'fail', detail: { kind: 'propertyNotInSet', subject: lackingSet }, outcome: 'absent' };
    }
    return PASS;
  }

  private checkProperty(setName: string, prop: PropertyView): Evaluation {
    const label = `${setName}.${prop.name}`;
    if (prop.kind === 'reference' || prop.kind === 'complex') {
      return {
        status: 'fail',
        detail: { kind: 'propertyNotCheckable', subject: label, actual: [prop.kind] },
      };
    }
    const values = prop.siValues.length === prop.values.length ? prop.siValues : prop.values;
    let candidates = 0;
    let wrongType: string | null = null;
    let firstActual: IfcValue | null = null;
    for (let i = 0; i < values.length; i++) {
      const v = values[i] as IfcValue;
      if (isEmptyValue(v)) continue;
      if (this.dataType !== null && v.dataType !== this.dataType) {
        if (wrongType === null) wrongType = v.dataType ?? 'untyped';
        continue;
      }
      candidates++;
      if (firstActual === null) firstActual = v;
      if (this.value === null || this.value.matches(v)) return PASS;
    }
    if (candidates === 0) {
      if (wrongType !== null) {
        return {
          status: 'fail',
          detail: { kind: 'dataTypeMismatch', subject: label, actual: [wrongType] },
          actualValue: wrongType,
        };
      }
      return { status: 'fail', detail: { kind: 'propertyEmpty', subject: label }, outcome: 'empty' };
    }
    const actual = firstActual as IfcValue;
    const shown = values.length > 1 ? values.map(formatScalar) : [formatScalar(actual)];
    return {
      status: 'fail',
      detail: { kind: 'propertyMismatch', subject: label, actual: shown },
      actualValue: String(actual.value),
    };
  }
}
