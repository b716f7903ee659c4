/**
 * What a check produces. Findings are data (DESIGN.md principle 4): a failed requirement is a
 * result with a reason, never an exception. This is the contract between the checker and the
 * reporters (console, JSON, HTML, BCF) and the server, which stores it.
 */
import type { SchemaSubstitution } from '@plumbline/ifc';
import type { Facet, FacetCardinality, SpecificationCardinality, ValidationProblem } from './document';

export type { FacetCardinality, SpecificationCardinality, ValidationProblem };

export type FacetType = 'entity' | 'attribute' | 'property' | 'classification' | 'material' | 'partOf';

export interface FacetSummary {
  readonly type: FacetType;
  /**
   * The facet as the IDS states it. Reports and screens describe it in their reader's language
   * (report/words.ts `facetText`: "Pset_WallCommon.FireRating (IFCLABEL) matching pattern …").
   */
  readonly facet: Facet;
  readonly cardinality: FacetCardinality;
}

/**
 * Why a requirement failed, as data (the reason says it in words): the thing the facet names is not
 * there at all, there without a value, there with a value that does not satisfy it, or there when the
 * facet prohibits it. Screens and figures read this, never the reason's text.
 */
export type FailureOutcome = 'absent' | 'empty' | 'mismatch' | 'prohibited';

/**
 * Which of the engine's findings it is: with the facet (`facetIndex`) and the fields below, everything
 * a reason says, rendered in the reader's language when shown (report/words.ts `failureText`, issue 31).
 * Nothing stores or compares the rendered sentence.
 */
export type FailureKind =
  /** entity: the element is another class (`actual`: [its class]). */
  | 'classMismatch'
  /** entity: the element has no predefined type. */
  | 'predefinedTypeMissing'
  /** entity: another predefined type (`actual`: [it]; `userDefined` when written as USERDEFINED). */
  | 'predefinedTypeMismatch'
  /** attribute: the class has no such attribute (`subject`: its name, when the facet names one). */
  | 'attributeUndefined'
  /** attribute: null, derived, unknown or an empty list (`subject`: its name, when known). */
  | 'attributeUnset'
  /** attribute: the empty string (`subject`). */
  | 'attributeEmpty'
  /** attribute: a reference or a list, which has no value to compare (`subject`). */
  | 'attributeNotAValue'
  /** attribute: a value that does not satisfy the facet (`subject`; `actual`: [the value, formatted]). */
  | 'attributeMismatch'
  /** property: no matching property set holds the property. */
  | 'propertyMissing'
  /** property: a matching set lacks it (`subject`: the set's name). */
  | 'propertyNotInSet'
  /** property: a reference or complex property (`subject`: "Set.Property"; `actual`: [its kind]). */
  | 'propertyNotCheckable'
  /** property: another data type (`subject`; `actual`: [its data type]). */
  | 'dataTypeMismatch'
  /** property: there without a value (`subject`). */
  | 'propertyEmpty'
  /** property: values that do not satisfy the facet (`subject`; `actual`: the values, formatted). */
  | 'propertyMismatch'
  | 'classificationMissing'
  /** classification: other references (`references`: [system, identification] of each). */
  | 'classificationMismatch'
  | 'materialMissing'
  /** material: other names or categories (`actual`). */
  | 'materialMismatch'
  /** material: its materials have neither a name nor a category. */
  | 'materialUnnamed'
  | 'partOfMissing'
  /** partOf: part of wholes of other classes (`actual`: their classes). */
  | 'partOfMismatch'
  /** the facet is prohibited and the element satisfies it. */
  | 'prohibited';

/** What a failure found, as data. */
export interface FailureDetail {
  readonly kind: FailureKind;
  /** The thing at fault as the model names it ('Pset_WallCommon.FireRating', an attribute or set name). */
  readonly subject?: string;
  /** What was found, each as text: a class, a data type, values as written (strings quoted). */
  readonly actual?: readonly string[];
  /** A predefined type written as USERDEFINED with its own name. */
  readonly userDefined?: boolean;
  /** The classification references found: [system, identification], either may be missing. */
  readonly references?: readonly (readonly [string | null, string | null])[];
}

export interface FacetFailure extends FailureDetail {
  /** Index into the specification's requirement facets. */
  readonly facetIndex: number;
  readonly type: FacetType;
  readonly outcome: FailureOutcome;
  /** The offending value as written, when there was one. */
  readonly actualValue?: string;
  /**
   * Only on results a server stored before reasons were data (issue 31): the English sentence it
   * stored, shown as it is, since there is no `kind` to render.
   */
  readonly storedReason?: string;
}

/**
 * Why a specification failed as a whole, when it did; the counts say the rest: elements match a
 * prohibited specification, a required one applies to none, or applicable elements fail.
 */
export type SpecificationReason = 'prohibitedMatched' | 'noneApplicable' | 'elementsFailed';

/**
 * An applicable element that failed a specification, with why. Elements that passed are kept as
 * ids only (`SpecificationResult.passingIds`): a large model has millions of passes, and an object
 * with names for each would be most of the check's memory (issue 22).
 */
export interface ElementResult {
  /** STEP id of the element. */
  readonly id: number;
  readonly globalId: string | null;
  readonly className: string;
  readonly name: string | null;
  /** The requirements it failed; empty for an element of a prohibited specification (it fails by existing). */
  readonly failures: readonly FacetFailure[];
}

export type CheckStatus = 'pass' | 'fail';

export interface SpecificationResult {
  readonly name: string;
  readonly description: string | null;
  readonly identifier: string | null;
  readonly instructions: string | null;
  readonly ifcVersions: readonly string[];
  readonly cardinality: SpecificationCardinality;
  readonly applicability: readonly FacetSummary[];
  readonly requirements: readonly FacetSummary[];
  readonly status: CheckStatus;
  /** Why the specification failed (report/words.ts `specificationReasonText` says it in words). */
  readonly reason: SpecificationReason | null;
  readonly applicableCount: number;
  readonly passedCount: number;
  readonly failedCount: number;
  /** STEP ids of the applicable elements that passed, ascending (`passedCount` of them). */
  readonly passingIds: Uint32Array;
  /** The applicable elements that failed, ascending by id (`failedCount` of them). */
  readonly failingElements: readonly ElementResult[];
}

export interface CheckReport {
  /** 'invalid' when the IDS did not validate; then `specifications` is empty and `problems` says why. */
  readonly status: CheckStatus | 'invalid';
  readonly ids: ReportIdsInfo;
  readonly model: ReportModelInfo;
  readonly problems: readonly ValidationProblem[];
  readonly specifications: readonly SpecificationResult[];
  readonly checkedAt: string;
  readonly durationMs: number;
}

export interface ReportIdsInfo {
  readonly title: string | null;
  readonly fileName: string | null;
  /** SHA-256 (hex) of the IDS file's bytes: its identity for BCF GUIDs. */
  readonly sha256?: string | null;
}

export interface ReportModelInfo {
  /** The file checked, as named on disk or in the project. */
  readonly fileName: string | null;
  readonly schema: string | null;
  /** SHA-256 (hex) of the model's bytes: its identity for BCF GUIDs. */
  readonly sha256?: string | null;
  /** The STEP header's FILE_NAME name and time stamp, as the authoring tool wrote them. */
  readonly headerFileName?: string | null;
  readonly headerTimeStamp?: string | null;
  /** GlobalId of the model's IfcProject. */
  readonly projectGlobalId?: string | null;
  /** Set when FILE_SCHEMA was read with another schema (an IFC4X3 release candidate as IFC4X3_ADD2). */
  readonly schemaSubstitution?: SchemaSubstitution | null;
}
