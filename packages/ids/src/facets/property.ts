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
  readonly description: string;
  readonly propertySet: ValueMatcher;
  readonly baseName: ValueMatcher;
  readonly value: ValueMatcher | null;
  readonly dataType: string | null;
  private readonly missingReason: string;
  private readonly locator: PropertyLocator;

  /** `locator`: shared with the facets of the same property set and name matchers (check/facet-table.ts). */
  constructor(
    facet: PropertyFacet,
    locator?: (propertySet: ValueMatcher, baseName: ValueMatcher) => PropertyLocator,
  ) {
    this.cardinality = facet.cardinality;
    this.propertySet = compileValue(facet.propertySet);
    this.baseName = compileValue(facet.baseName);
    this.value = facet.value ? compileValue(facet.value) : null;
    this.dataType = facet.dataType ? facet.dataType.toUpperCase() : null;
    const pset = this.propertySet.exact ?? `property set ${this.propertySet.description}`;
    const prop = this.baseName.exact ?? `property ${this.baseName.description}`;
    let d = `${pset}.${prop}`;
    if (this.dataType) d += ` (${this.dataType})`;
    if (this.value) d += ` ${this.value.finiteCount === 1 ? '= ' : ''}${this.value.description}`;
    this.description = d;
    this.missingReason = `${pset}.${prop} is missing`;
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
    if (!found) return { status: 'absent', reason: this.missingReason };
    if (lackingSet !== null) {
      return {
        status: 'fail',
        reason: `${lackingSet} has no property ${this.baseName.exact ?? this.baseName.description}`,
        outcome: 'absent',
      };
    }
    return PASS;
  }

  private checkProperty(setName: string, prop: PropertyView): Evaluation {
    if (prop.kind === 'reference' || prop.kind === 'complex') {
      return {
        status: 'fail',
        reason: `${setName}.${prop.name} is a ${prop.kind} property, which IDS cannot check`,
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
          reason: `${label} is ${wrongType}, expected ${this.dataType}`,
          actualValue: wrongType,
        };
      }
      return { status: 'fail', reason: `${label} has no value`, outcome: 'empty' };
    }
    const actual = firstActual as IfcValue;
    const expected = this.value?.description ?? 'a value';
    return describedLater(() => {
      const shown =
        values.length > 1 ? `values ${values.map(formatScalar).join(', ')}` : `value ${formatScalar(actual)}`;
      return { reason: `${label} has ${shown}, expected ${expected}`, actualValue: String(actual.value) };
    });
  }
}
