/**
 * The model view: what the IDS engine checks and the database stores, read from one IFC file.
 *
 * This file is the contract between `@plumbline/ifc` (which implements it) and `@plumbline/ids`
 * (which only reads through it). Everything is resolved here the way IDS 1.0 expects, so the
 * checker never walks raw STEP relations itself:
 *  - predefined types resolve USERDEFINED through ObjectType / ElementType / ProcessType /
 *    ResourceType, the type's value winning; such a value also answers to USERDEFINED itself;
 *  - property and quantity sets merge the type's sets into the occurrence's, property by property,
 *    the occurrence's value winning;
 *  - attributes are the entity's own (never inherited from the type).
 *
 * Ids are STEP instance ids (the number after `#`). Class names are upper case as in the file
 * (`IFCWALL`), since IDS compares them case-insensitively and STEP writes them upper case.
 */

export type IfcSchemaId = 'IFC2X3' | 'IFC4' | 'IFC4X3_ADD2';

/** One decoded STEP parameter. */
export type StepValue =
  | { readonly kind: 'null' } // $
  | { readonly kind: 'derived' } // *
  | { readonly kind: 'string'; readonly value: string } // decoded from STEP escapes (\X2\ …)
  | { readonly kind: 'enum'; readonly value: string } // .NOTDEFINED. → 'NOTDEFINED'; .T./.F./.U. stay enums
  | { readonly kind: 'integer'; readonly value: number }
  | { readonly kind: 'real'; readonly value: number }
  | { readonly kind: 'binary'; readonly value: string }
  | { readonly kind: 'ref'; readonly id: number } // #123
  | { readonly kind: 'typed'; readonly type: string; readonly value: StepValue } // IFCLABEL('x'), type upper case
  | { readonly kind: 'list'; readonly items: readonly StepValue[] };

/** A scalar a property or attribute holds, with the IFC defined type it was written as, if any. */
export interface IfcValue {
  /** JS value: strings for text, labels, identifiers, dates and enums; numbers; booleans for IfcBoolean / .T. .F.; 'UNKNOWN' logicals stay the string 'UNKNOWN'. */
  readonly value: string | number | boolean;
  /** Upper-case IFC defined type, e.g. 'IFCLABEL', 'IFCLENGTHMEASURE', 'IFCBOOLEAN'; null when untyped. */
  readonly dataType: string | null;
  /** Whether the STEP literal was a real (needed to tell 42 from 42.0). */
  readonly isReal: boolean;
}

export type PropertyKind =
  | 'single' // IfcPropertySingleValue
  | 'enumerated' // IfcPropertyEnumeratedValue (values = chosen values)
  | 'bounded' // IfcPropertyBoundedValue (values = [upper, lower, setPoint] that are present)
  | 'list' // IfcPropertyListValue
  | 'table' // IfcPropertyTableValue (values = defining and defined values)
  | 'reference' // IfcPropertyReferenceValue
  | 'complex' // IfcComplexProperty (nested properties)
  | 'quantity'; // IfcQuantityLength/Area/Volume/Count/Weight/Time/Number

export interface PropertyView {
  readonly name: string;
  readonly kind: PropertyKind;
  /**
   * Values as written (unit-less numbers in the file's units). Empty when the property has no value
   * (null nominal value, empty list). For quantities, one value typed as the quantity's measure
   * (IfcQuantityLength → 'IFCLENGTHMEASURE').
   */
  readonly values: readonly IfcValue[];
  /** The same values converted to SI (metre, square metre, kilogram …) where a unit applies; else equal to `values`. */
  readonly siValues: readonly IfcValue[];
  /** Nested properties of a complex property. */
  readonly properties?: readonly PropertyView[];
  /** STEP id of the property entity. */
  readonly id: number;
}

export interface PropertySetView {
  readonly name: string;
  /** 'IFCPROPERTYSET', 'IFCELEMENTQUANTITY', or another IfcPropertySetDefinition subtype. */
  readonly className: string;
  readonly properties: readonly PropertyView[];
  /** STEP id of the set (the occurrence's when both occurrence and type carry it). */
  readonly id: number;
  /** Where the set came from: the object itself, its type object, or both merged. */
  readonly source: 'occurrence' | 'type' | 'merged';
}

export interface ClassificationReferenceView {
  readonly id: number;
  /** Identification (IFC4) or ItemReference (IFC2X3). */
  readonly identification: string | null;
  readonly name: string | null;
  /** Name of the IfcClassification at the top of the hierarchy, if any. */
  readonly system: string | null;
  /** Identifications of this reference and every ancestor reference, nearest first (IDS matches any). */
  readonly hierarchy: readonly string[];
  readonly location: string | null;
  /** Whether the reference is associated with the object itself or inherited from its type object. */
  readonly source?: 'occurrence' | 'type';
}

export interface MaterialView {
  /** Every name IDS may match: material names and categories, layer/profile/constituent names, set names. */
  readonly names: readonly string[];
  readonly categories: readonly string[];
  /** The associated material definition's class, e.g. 'IFCMATERIALLAYERSETUSAGE'. */
  readonly className: string;
  readonly id: number;
}

export type PartOfRelation =
  | 'IFCRELAGGREGATES'
  | 'IFCRELASSIGNSTOGROUP'
  | 'IFCRELCONTAINEDINSPATIALSTRUCTURE'
  | 'IFCRELNESTS'
  | 'IFCRELVOIDSELEMENT'
  | 'IFCRELFILLSELEMENT';

export interface ParentLink {
  readonly id: number;
  readonly relation: PartOfRelation;
}

/** Schema tables for the file's schema, generated from the official EXPRESS files. */
export interface SchemaInfo {
  readonly id: IfcSchemaId;
  /** True when `className` is a known entity of this schema (upper case). */
  hasEntity(className: string): boolean;
  /** True when `className` equals `ancestor` or derives from it. */
  isSubtypeOf(className: string, ancestor: string): boolean;
  /** Explicit attribute names in STEP order, inherited first, e.g. ['GlobalId','OwnerHistory','Name',…]. */
  attributeNames(className: string): readonly string[] | undefined;
  /** Whether the attribute is redeclared as DERIVE in this class (written `*`). */
  isDerivedAttribute(className: string, attributeName: string): boolean;
}

export interface IfcModel {
  readonly schema: IfcSchemaId;
  readonly schemaInfo: SchemaInfo;
  /** Number of entity instances in the file. */
  readonly instanceCount: number;

  /** Ids of every instance whose class is exactly `className` (upper case). */
  idsOfClass(className: string): readonly number[];
  /** Ids of every instance of `className` or its subtypes. */
  idsOfClassOrSubtypes(className: string): readonly number[];
  /** Upper-case class of an instance, or undefined for an unknown id. */
  classOf(id: number): string | undefined;

  /** Every explicit attribute of an instance, by name, as written. */
  attributes(id: number): ReadonlyMap<string, StepValue>;
  /** One attribute, as written; undefined when the class has no such attribute. */
  attribute(id: number, name: string): StepValue | undefined;

  /** PredefinedType resolved as IDS requires (USERDEFINED → ObjectType/ElementType; type wins). null when none. */
  predefinedType(id: number): string | null;
  /** The same resolution, saying whether the value was written as USERDEFINED plus a name. */
  predefinedTypeView(id: number): PredefinedTypeView | null;
  /** The type object of an occurrence (IfcRelDefinesByType / IsTypedBy), or null. */
  typeOf(id: number): number | null;

  /** Property and quantity sets: the object's own merged with its type's, property by property. */
  propertySets(id: number): readonly PropertySetView[];
  /** Classification references of the object and of its type object (also of resources such as materials). */
  classifications(id: number): readonly ClassificationReferenceView[];
  /** Ids of instances that are not IfcRoot (materials, profiles …) with classification references, ascending. */
  classifiedResources(): readonly number[];
  /** Materials associated with the object, or else with its type object. */
  materials(id: number): readonly MaterialView[];
  /** Direct parents through the part-of relations (one step up). */
  parents(id: number): readonly ParentLink[];

  /** Ids of every IfcProduct and IfcTypeObject instance (what the server stores as elements). */
  products(): IterableIterator<number>;
  /** GlobalId of a rooted instance, or null. */
  globalId(id: number): string | null;
  /** Name attribute, or null when unset or absent. */
  name(id: number): string | null;
  /** The IfcBuildingStorey an element belongs to (via containment, aggregation, fills/voids, nesting), or null. */
  storeyOf(id: number): number | null;
  /** The project's unit assignment, each unit with its conversion to SI. */
  units(): readonly UnitView[];
  /** Converts a number of a measure type (e.g. 'IFCAREAMEASURE') from the project's unit to SI. */
  toSI(value: number, measureType: string): number;

  /** Frees what the model holds. */
  dispose(): void;
}

/** An instance's predefined type as IDS sees it. */
export interface PredefinedTypeView {
  /** The enumeration value, or the user-defined name when the enumeration says USERDEFINED. */
  readonly value: string;
  /**
   * True when the enumeration says USERDEFINED: IDS 1.0 then matches both the user-defined name and
   * USERDEFINED itself (entity-facet.md, "Examples of interpreting IFC Predefined Types").
   */
  readonly userDefined: boolean;
}

/** The names an IDS predefinedType restriction may match for a resolved predefined type. */
export function predefinedTypeNames(view: PredefinedTypeView | null): readonly string[] {
  if (view === null) return [];
  return view.userDefined && view.value !== 'USERDEFINED' ? [view.value, 'USERDEFINED'] : [view.value];
}

export interface UnitView {
  /** Unit type, e.g. 'LENGTHUNIT', 'AREAUNIT', 'THERMALTRANSMITTANCEUNIT'. */
  readonly unitType: string;
  /** Name as written: 'MILLIMETRE' (prefix + SI name), 'foot', … */
  readonly name: string;
  /** SI value = value × scale + offset. */
  readonly scale: number;
  readonly offset: number;
  /** STEP id of the unit entity. */
  readonly id: number;
}
