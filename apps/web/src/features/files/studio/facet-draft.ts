/**
 * What the facet form edits: any of the six IDS facet kinds as plain fields, with its cardinality,
 * instructions and URI, and the document's facet built from them. A value is any value, one or
 * several exact values (one is written as a simple value, several as an enumeration), one pattern,
 * bounds (minimum and maximum, inclusive or exclusive) or lengths (exact, minimum, maximum). A facet
 * whose values the fields cannot hold without loss (several patterns, a pattern with bounds, bounds
 * with lengths, a pattern for a name) has no draft: it is moved, duplicated and deleted in the Studio
 * and edited in the file. Pure.
 */
import {
  type Facet,
  type FacetCardinality,
  type IdsValue,
  LENGTH_BOUNDS,
  type PartOfRelationName,
  RESTRICTION_BOUNDS,
  type RestrictionBound,
  VALUE_BOUNDS,
} from '@plumbline/ids/document';

export const DRAFT_KINDS = [
  'entity',
  'property',
  'attribute',
  'classification',
  'material',
  'partOf',
] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** The relations a partOf facet can name (ids.xsd); '' is any relation. */
export const PART_OF_RELATIONS: readonly PartOfRelationName[] = [
  'IFCRELAGGREGATES',
  'IFCRELASSIGNSTOGROUP',
  'IFCRELCONTAINEDINSPATIALSTRUCTURE',
  'IFCRELNESTS',
  'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT',
];

/** How the value is stated: not at all, by exact values, by one pattern, by bounds or by lengths. */
export type ValueForm = 'any' | 'values' | 'pattern' | 'bounds' | 'length';

/** The bound fields each form shows. */
export const FORM_BOUNDS = { bounds: VALUE_BOUNDS, length: LENGTH_BOUNDS } as const;

/** Every restriction bound as typed ('' when not stated). */
export type DraftBounds = Record<RestrictionBound, string>;

export const NO_BOUNDS: DraftBounds = Object.fromEntries(
  RESTRICTION_BOUNDS.map((b) => [b, '']),
) as DraftBounds;

export interface FacetDraft {
  kind: DraftKind;
  cardinality: FacetCardinality;
  /** entity, partOf */
  ifcClass: string;
  predefinedType: string;
  /** partOf ('' for any relation) */
  relation: PartOfRelationName | '';
  /** property */
  propertySet: string;
  property: string;
  dataType: string;
  /** attribute */
  name: string;
  /** classification */
  system: string;
  /** The value's form and its exact values, pattern or bounds (property, attribute, classification, material). */
  valueForm: ValueForm;
  values: string[];
  pattern: string;
  bounds: DraftBounds;
  /** The xs:restriction base the file gave the bounds ('' for a new facet: the data type's base). */
  boundsBase: string;
  /** The facet's instructions and URI (null when absent; the URI only for property, classification, material). */
  instructions: string | null;
  uri: string | null;
}

export const EMPTY_DRAFT: FacetDraft = {
  kind: 'entity',
  cardinality: 'required',
  ifcClass: '',
  predefinedType: '',
  relation: '',
  propertySet: '',
  property: '',
  dataType: '',
  name: '',
  system: '',
  valueForm: 'any',
  values: [],
  pattern: '',
  bounds: NO_BOUNDS,
  boundsBase: '',
  instructions: null,
  uri: null,
};

const NOWHERE = { line: 0, column: 0 };

/** A name the fields can hold: a simple value ('' when absent); undefined when it is a restriction. */
function simpleOf(value: IdsValue | null): string | undefined {
  if (value === null) return '';
  return value.kind === 'simple' ? value.value : undefined;
}

/** A value the fields can hold, or undefined when they would lose part of it. */
function valueFieldsOf(
  value: IdsValue | null,
): Pick<FacetDraft, 'valueForm' | 'values' | 'pattern' | 'bounds' | 'boundsBase'> | undefined {
  const none = { values: [], pattern: '', bounds: NO_BOUNDS, boundsBase: '' };
  if (value === null) return { ...none, valueForm: 'any' };
  if (value.kind === 'simple') return { ...none, valueForm: 'values', values: [value.value] };
  const stated = (bounds: readonly RestrictionBound[]) => bounds.some((b) => value[b] !== undefined);
  const valueBounds = stated(VALUE_BOUNDS);
  const lengths = stated(LENGTH_BOUNDS);
  if (valueBounds || lengths) {
    if (valueBounds && lengths) return undefined;
    if (value.patterns.length > 0 || value.enumeration.length > 0) return undefined;
    const bounds = { ...NO_BOUNDS };
    for (const b of RESTRICTION_BOUNDS) bounds[b] = value[b] ?? '';
    return { ...none, valueForm: valueBounds ? 'bounds' : 'length', bounds, boundsBase: value.base };
  }
  const [pattern, ...morePatterns] = value.patterns;
  if (pattern !== undefined)
    return morePatterns.length === 0 && value.enumeration.length === 0
      ? { ...none, valueForm: 'pattern', pattern }
      : undefined;
  return value.enumeration.length > 0
    ? { ...none, valueForm: 'values', values: [...value.enumeration] }
    : undefined;
}

/** The draft of a facet, or null when the form cannot show it without loss. */
export function draftOf(facet: Facet): FacetDraft | null {
  const base = { ...EMPTY_DRAFT, cardinality: facet.cardinality, instructions: facet.instructions };
  switch (facet.type) {
    case 'entity': {
      const ifcClass = simpleOf(facet.name);
      const predefinedType = simpleOf(facet.predefinedType);
      if (ifcClass === undefined || predefinedType === undefined) return null;
      return { ...base, ifcClass, predefinedType };
    }
    case 'partOf': {
      const ifcClass = simpleOf(facet.entity.name);
      const predefinedType = simpleOf(facet.entity.predefinedType);
      if (ifcClass === undefined || predefinedType === undefined) return null;
      return { ...base, kind: 'partOf', ifcClass, predefinedType, relation: facet.relation ?? '' };
    }
    case 'property': {
      const propertySet = simpleOf(facet.propertySet);
      const property = simpleOf(facet.baseName);
      const value = valueFieldsOf(facet.value);
      if (propertySet === undefined || property === undefined || value === undefined) return null;
      return {
        ...base,
        ...value,
        kind: 'property',
        propertySet,
        property,
        dataType: facet.dataType ?? '',
        uri: facet.uri,
      };
    }
    case 'attribute': {
      const name = simpleOf(facet.name);
      const value = valueFieldsOf(facet.value);
      if (name === undefined || value === undefined) return null;
      return { ...base, ...value, kind: 'attribute', name };
    }
    case 'classification': {
      const system = simpleOf(facet.system);
      const value = valueFieldsOf(facet.value);
      if (system === undefined || value === undefined) return null;
      return { ...base, ...value, kind: 'classification', system, uri: facet.uri };
    }
    case 'material': {
      const value = valueFieldsOf(facet.value);
      if (value === undefined) return null;
      return { ...base, ...value, kind: 'material', uri: facet.uri };
    }
  }
}

/** Whether the stated value is usable: some exact values, a pattern, or a bound, when the form says so. */
function valueComplete(draft: FacetDraft): boolean {
  if (draft.valueForm === 'values') return draft.values.some((v) => v !== '');
  if (draft.valueForm === 'pattern') return draft.pattern !== '';
  if (draft.valueForm === 'bounds' || draft.valueForm === 'length')
    return FORM_BOUNDS[draft.valueForm].some((b) => draft.bounds[b].trim() !== '');
  return true;
}

/** Whether the draft names what its kind needs (ids.xsd: a classification needs a system or a value). */
export function draftComplete(draft: FacetDraft): boolean {
  switch (draft.kind) {
    case 'entity':
    case 'partOf':
      return draft.ifcClass !== '';
    case 'property':
      return draft.propertySet !== '' && draft.property !== '' && valueComplete(draft);
    case 'attribute':
      return draft.name !== '' && valueComplete(draft);
    case 'classification':
      return (draft.system !== '' || draft.valueForm !== 'any') && valueComplete(draft);
    case 'material':
      return valueComplete(draft);
  }
}

/**
 * The xs: base of bounds: the data type's when it has one other than string, else the one the file
 * gave, else xs:double (bounds compare numbers, dates or times; strings have none).
 */
function boundsBase(draft: FacetDraft, base: string): string {
  if (base !== 'string') return base;
  return draft.boundsBase !== '' ? draft.boundsBase : 'double';
}

/** The value the draft states; `base` is the xs: base of the data type (of an enumeration, bounds, lengths). */
function statedValue(draft: FacetDraft, base: string): IdsValue | null {
  if (draft.valueForm === 'pattern')
    return { kind: 'restriction', base: 'string', enumeration: [], patterns: [draft.pattern] };
  if (draft.valueForm === 'bounds' || draft.valueForm === 'length') {
    const form = draft.valueForm;
    const stated: Partial<Record<RestrictionBound, string>> = {};
    for (const b of FORM_BOUNDS[form]) if (draft.bounds[b].trim() !== '') stated[b] = draft.bounds[b].trim();
    return {
      kind: 'restriction',
      base: form === 'bounds' ? boundsBase(draft, base) : draft.boundsBase || base,
      enumeration: [],
      patterns: [],
      ...stated,
    };
  }
  if (draft.valueForm === 'any') return null;
  const values = draft.values.filter((v) => v !== '');
  const [only, ...more] = values;
  if (only === undefined) return null;
  return more.length === 0
    ? { kind: 'simple', value: only }
    : { kind: 'restriction', base, enumeration: values, patterns: [] };
}

const simple = (value: string): IdsValue => ({ kind: 'simple', value });
const simpleOrNull = (value: string): IdsValue | null => (value === '' ? null : simple(value));

/**
 * The facet the draft says. `base` is the xs: base of the data type (for an enumeration); in
 * applicability, and for an IFC class, the cardinality is 'required' (ids.xsd has none there).
 */
export function facetOf(draft: FacetDraft, base: string, section?: 'applicability' | 'requirements'): Facet {
  const cardinality = section === 'applicability' || draft.kind === 'entity' ? 'required' : draft.cardinality;
  const common = { location: NOWHERE, cardinality, instructions: draft.instructions };
  switch (draft.kind) {
    case 'entity':
      return {
        ...common,
        type: 'entity',
        name: simple(draft.ifcClass),
        predefinedType: simpleOrNull(draft.predefinedType),
      };
    case 'partOf':
      return {
        ...common,
        type: 'partOf',
        relation: draft.relation === '' ? null : draft.relation,
        entity: { name: simple(draft.ifcClass), predefinedType: simpleOrNull(draft.predefinedType) },
      };
    case 'property':
      return {
        ...common,
        type: 'property',
        propertySet: simple(draft.propertySet),
        baseName: simple(draft.property),
        value: statedValue(draft, base),
        dataType: draft.dataType || null,
        uri: draft.uri,
      };
    case 'attribute':
      return { ...common, type: 'attribute', name: simple(draft.name), value: statedValue(draft, 'string') };
    case 'classification':
      return {
        ...common,
        type: 'classification',
        system: simpleOrNull(draft.system),
        value: statedValue(draft, 'string'),
        uri: draft.uri,
      };
    case 'material':
      return { ...common, type: 'material', value: statedValue(draft, 'string'), uri: draft.uri };
  }
}
