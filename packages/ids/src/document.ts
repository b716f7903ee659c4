/**
 * The in-memory form of an IDS 1.0 file: what `parseIds` produces and `checkModel` consumes.
 * Values keep the text exactly as written; typed interpretation happens when restrictions are
 * compiled (restriction/compile.ts), so the document stays a faithful picture of the XML.
 */
/** required: must match; optional: must match if present; prohibited: must not match. */
export type FacetCardinality = 'required' | 'optional' | 'prohibited';

/** A specification's own cardinality from minOccurs/maxOccurs. */
export type SpecificationCardinality = 'required' | 'optional' | 'prohibited';

export interface ValidationProblem {
  readonly line: number | null;
  readonly column: number | null;
  readonly message: string;
  /** The file could not be read as XML (ill-formed, or past a size, depth or element limit): no rule ran. */
  readonly unreadable?: true;
}

/** The facets of an xs:restriction that bound a value (numbers, dates, times), in ids.xsd's order. */
export const VALUE_BOUNDS = ['minInclusive', 'maxInclusive', 'minExclusive', 'maxExclusive'] as const;
/** The facets of an xs:restriction that bound a value's length. */
export const LENGTH_BOUNDS = ['length', 'minLength', 'maxLength'] as const;
/**
 * Every single-valued facet of an xs:restriction (the bounds, then the lengths): the one list the
 * reader, the writer, the requirement keys, the linter and the Studio's forms go by.
 */
export const RESTRICTION_BOUNDS = [...VALUE_BOUNDS, ...LENGTH_BOUNDS] as const;
export type RestrictionBound = (typeof RESTRICTION_BOUNDS)[number];

/** An IDS value: either `<simpleValue>` or an `<xs:restriction>`. */
export type IdsValue = SimpleValue | RestrictionValue;

export interface SimpleValue {
  readonly kind: 'simple';
  readonly value: string;
}

export interface RestrictionValue {
  readonly kind: 'restriction';
  /** The `base` attribute without prefix, e.g. 'string', 'double', 'integer', 'boolean'. */
  readonly base: string;
  readonly enumeration: readonly string[];
  /** XSD patterns; several patterns in one restriction are alternatives (XSD rule). */
  readonly patterns: readonly string[];
  readonly minInclusive?: string;
  readonly maxInclusive?: string;
  readonly minExclusive?: string;
  readonly maxExclusive?: string;
  readonly length?: string;
  readonly minLength?: string;
  readonly maxLength?: string;
}

/** Where a node sits in the IDS file, for messages. */
export interface SourceLocation {
  readonly line: number;
  readonly column: number;
}

interface FacetBase {
  readonly location: SourceLocation;
  /** Always 'required' in applicability; entity requirements have no cardinality either. */
  readonly cardinality: FacetCardinality;
  readonly instructions: string | null;
}

export interface EntityFacet extends FacetBase {
  readonly type: 'entity';
  readonly name: IdsValue;
  readonly predefinedType: IdsValue | null;
}

export interface AttributeFacet extends FacetBase {
  readonly type: 'attribute';
  readonly name: IdsValue;
  readonly value: IdsValue | null;
}

export interface PropertyFacet extends FacetBase {
  readonly type: 'property';
  readonly propertySet: IdsValue;
  readonly baseName: IdsValue;
  readonly value: IdsValue | null;
  /** Upper-case IFC defined type, e.g. 'IFCLABEL'. */
  readonly dataType: string | null;
  readonly uri: string | null;
}

export interface ClassificationFacet extends FacetBase {
  readonly type: 'classification';
  readonly system: IdsValue | null;
  readonly value: IdsValue | null;
  readonly uri: string | null;
}

export interface MaterialFacet extends FacetBase {
  readonly type: 'material';
  readonly value: IdsValue | null;
  readonly uri: string | null;
}

/** The IDS relation attribute; the last one is a single value naming both relations. */
export type PartOfRelationName =
  | 'IFCRELAGGREGATES'
  | 'IFCRELASSIGNSTOGROUP'
  | 'IFCRELCONTAINEDINSPATIALSTRUCTURE'
  | 'IFCRELNESTS'
  | 'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT';

export interface PartOfFacet extends FacetBase {
  readonly type: 'partOf';
  readonly relation: PartOfRelationName | null;
  readonly entity: { readonly name: IdsValue; readonly predefinedType: IdsValue | null };
}

export type Facet =
  | EntityFacet
  | AttributeFacet
  | PropertyFacet
  | ClassificationFacet
  | MaterialFacet
  | PartOfFacet;

export interface Specification {
  readonly name: string;
  readonly identifier: string | null;
  readonly description: string | null;
  readonly instructions: string | null;
  /** Metadata only in IDS 1.0 (the conformance suite checks every specification whatever the file's schema). */
  readonly ifcVersions: readonly string[];
  readonly minOccurs: number;
  /** null = unbounded. */
  readonly maxOccurs: number | null;
  readonly cardinality: SpecificationCardinality;
  readonly applicability: readonly Facet[];
  readonly requirements: readonly Facet[];
  readonly location: SourceLocation;
}

export interface IdsInfo {
  readonly title: string | null;
  readonly copyright: string | null;
  readonly version: string | null;
  readonly description: string | null;
  readonly author: string | null;
  readonly date: string | null;
  readonly purpose: string | null;
  readonly milestone: string | null;
}

export interface IdsDocument {
  readonly fileName: string | null;
  readonly info: IdsInfo;
  readonly specifications: readonly Specification[];
  /**
   * Structural and semantic problems found while reading (unknown entity names, values that do
   * not fit the data type …). A document with problems is invalid: checking it yields an
   * 'invalid' report and never a pass. XSD validation (`validateIds`) adds its own problems.
   */
  readonly problems: readonly ValidationProblem[];
}
