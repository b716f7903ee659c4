import type { ValueConstraint } from '@plumbline/contracts';
import type { IdsDocument, IdsValue, PropertyFacet } from '@plumbline/ids';

export interface NewPropertyRequirement {
  propertySet: string;
  propertyName: string;
  dataType: string;
  cardinality: 'required' | 'optional' | 'prohibited';
  valueConstraints: readonly ValueConstraint[];
  instructions: string | null;
}

/** The XSD base type a restriction on values of this IFC data type is written in. */
export function restrictionBase(dataType: string): string {
  const t = dataType.toUpperCase();
  if (t === 'IFCBOOLEAN' || t === 'IFCLOGICAL') return 'boolean';
  if (t === 'IFCINTEGER' || t === 'IFCCOUNTMEASURE' || t === 'IFCTIMESTAMP') return 'integer';
  if (t === 'IFCREAL' || t.endsWith('MEASURE')) return 'double';
  return 'string';
}

/** A screen value constraint as an IDS value (simpleValue, or an xs:restriction). */
export function toIdsValue(constraint: ValueConstraint | undefined, dataType: string): IdsValue | null {
  if (!constraint) return null;
  const restriction = {
    kind: 'restriction' as const,
    base: restrictionBase(dataType),
    enumeration: [],
    patterns: [],
  };
  switch (constraint.type) {
    case 'simpleValue':
      return { kind: 'simple', value: constraint.value };
    case 'enumeration':
      return { ...restriction, enumeration: [...constraint.values] };
    case 'pattern':
      return { ...restriction, base: 'string', patterns: [constraint.pattern] };
    case 'bounds':
      return {
        ...restriction,
        ...(constraint.min_value === null ? {} : { minInclusive: constraint.min_value }),
        ...(constraint.max_value === null ? {} : { maxInclusive: constraint.max_value }),
      };
  }
}

const simpleText = (v: IdsValue) => (v.kind === 'simple' ? v.value : null);

/** Whether the specification already has a property requirement naming exactly this set and property. */
export function hasPropertyRequirement(
  doc: IdsDocument,
  position: number,
  set: string,
  name: string,
): boolean {
  const spec = doc.specifications[position];
  return (spec?.requirements ?? []).some(
    (f) => f.type === 'property' && simpleText(f.propertySet) === set && simpleText(f.baseName) === name,
  );
}

/** The document with a property requirement appended to the specification at `position`. */
export function withPropertyRequirement(
  doc: IdsDocument,
  position: number,
  input: NewPropertyRequirement,
): IdsDocument {
  const facet: PropertyFacet = {
    type: 'property',
    location: { line: 0, column: 0 },
    cardinality: input.cardinality,
    instructions: input.instructions,
    propertySet: { kind: 'simple', value: input.propertySet },
    baseName: { kind: 'simple', value: input.propertyName },
    value: toIdsValue(input.valueConstraints[0], input.dataType),
    dataType: input.dataType.toUpperCase(),
    uri: null,
  };
  return {
    ...doc,
    specifications: doc.specifications.map((spec, i) =>
      i === position ? { ...spec, requirements: [...spec.requirements, facet] } : spec,
    ),
  };
}
