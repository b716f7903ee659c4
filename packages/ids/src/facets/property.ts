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
import { type CompiledFacet, describedLater, type Evaluation, formatScalar, PASS } from './evaluation';

const MISSING: Evaluation = { status: 'absent', detail: { kind: 'propertyMissing' } };

function isEmptyValue(v: IfcValue): boolean {
  if (v.value === '') return true;
  return v.value === 'UNKNOWN' && v.dataType === 'IFCLOGICAL';
}

/**
 * Where a property facet's property set and name lead on one element: the matching properties in
 * the order the sets and properties are read, whether any matching set holds one, and the first
 * matching set that lacks it. It depends on the two name matchers only, so facets that differ in
 * value, data type or cardinality share it (issue 36: a pack tests one property under many values).
 */
export interface PropertyLocation {
  readonly setNames: readonly string[];
  readonly properties: readonly PropertyView[];
  /** Some matching set holds a matching property. */
  readonly found: boolean;
  readonly lackingSet: string | null;
}

/**
 * Finds the properties a (property set, name) pair leads to, remembering the last element asked:
 * elements are checked one at a time, and every facet of the pair asks about the same one. One
 * locator per distinct pair of matchers in a check (check/facet-table.ts).
 */
export class PropertyLocator {
  private model: IfcModel | null = null;
  private id = -1;
  private last: PropertyLocation | null = null;

  constructor(
    private readonly propertySet: ValueMatcher,
    private readonly baseName: ValueMatcher,
  ) {}

  locate(model: IfcModel, id: number): PropertyLocation {
    if (id === this.id && model === this.model) return this.last as PropertyLocation;
    const sets = model.propertySets(id);
    let setNames: string[] | null = null;
    let properties: PropertyView[] | null = null;
    let setsWithProperty = 0;
    let lackingSet: string | null = null;
    for (let i = 0; i < sets.length; i++) {
      const set = sets[i] as PropertySetView;
      if (!this.propertySet.matchesString(set.name)) continue;
      let found = 0;
      const props = set.properties;
      for (let j = 0; j < props.length; j++) {
        const prop = props[j] as PropertyView;
        if (!this.baseName.matchesString(prop.name)) continue;
        found++;
        if (setNames === null || properties === null) {
          setNames = [];
          properties = [];
        }
        setNames.push(set.name);
        properties.push(prop);
      }
      if (found > 0) setsWithProperty++;
      else if (lackingSet === null) lackingSet = set.name;
    }
    const location: PropertyLocation =
      properties === null && lackingSet === null
        ? NOWHERE
        : { setNames: setNames ?? [], properties: properties ?? [], found: setsWithProperty > 0, lackingSet };
    this.model = model;
    this.id = id;
    this.last = location;
    return location;
  }
}

const NOWHERE: PropertyLocation = { setNames: [], properties: [], found: false, lackingSet: null };

export class CompiledPropertyFacet implements CompiledFacet {
  readonly type = 'property' as const;
  readonly cardinality: FacetCardinality;
  readonly propertySet: ValueMatcher;
  readonly baseName: ValueMatcher;
  readonly value: ValueMatcher | null;
  readonly dataType: string | null;
  private readonly locator: PropertyLocator;

  /** `locator`: shared with the facets of the same property set and name matchers (check/facet-table.ts). */
  constructor(
    readonly source: PropertyFacet,
    locator?: (propertySet: ValueMatcher, baseName: ValueMatcher) => PropertyLocator,
  ) {
    this.cardinality = source.cardinality;
    this.propertySet = compileValue(source.propertySet);
    this.baseName = compileValue(source.baseName);
    this.value = source.value ? compileValue(source.value) : null;
    this.dataType = source.dataType ? source.dataType.toUpperCase() : null;
    this.locator = locator
      ? locator(this.propertySet, this.baseName)
      : new PropertyLocator(this.propertySet, this.baseName);
  }

  /**
   * Every matching property is checked in order, the first that does not pass answering; then a
   * matching set without the property fails it, and no matching property at all is 'absent'.
   */
  evaluate(model: IfcModel, id: number): Evaluation {
    const { setNames, properties, found, lackingSet } = this.locator.locate(model, id);
    for (let i = 0; i < properties.length; i++) {
      const result = this.checkProperty(setNames[i] as string, properties[i] as PropertyView);
      if (result !== PASS) return result;
    }
    if (!found) return MISSING;
    if (lackingSet !== null) {
      return { status: 'fail', detail: { kind: 'propertyNotInSet', subject: lackingSet }, outcome: 'absent' };
    }
    return PASS;
  }

  private checkProperty(setName: string, prop: PropertyView): Evaluation {
    if (prop.kind === 'reference' || prop.kind === 'complex') {
      return {
        status: 'fail',
        detail: { kind: 'propertyNotCheckable', subject: `${setName}.${prop.name}`, actual: [prop.kind] },
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
    // Only failures are described: a pass makes no string.
    const label = `${setName}.${prop.name}`;
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
    return describedLater(() => ({
      detail: {
        kind: 'propertyMismatch',
        subject: label,
        actual: values.length > 1 ? values.map(formatScalar) : [formatScalar(actual)],
      },
      actualValue: String(actual.value),
    }));
  }
}
