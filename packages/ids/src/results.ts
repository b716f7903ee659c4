/**
 * What a check produces. Findings are data (DESIGN.md principle 4): a failed requirement is a
 * result with a reason, never an exception. This is the contract between the checker and the
 * reporters (console, JSON, HTML, BCF) and the server, which stores it.
 */
import type { SchemaSubstitution } from '@plumbline/ifc';

export type FacetType = 'entity' | 'attribute' | 'property' | 'classification' | 'material' | 'partOf';

/** required: must match; optional: must match if present; prohibited: must not match. */
export type FacetCardinality = 'required' | 'optional' | 'prohibited';

/** A specification's own cardinality from minOccurs/maxOccurs. */
export type SpecificationCardinality = 'required' | 'optional' | 'prohibited';

export interface FacetSummary {
  readonly type: FacetType;
  /** Human sentence, e.g. "Pset_WallCommon.FireRating (IFCLABEL) matching pattern EI[0-9]{2,3}". */
  readonly description: string;
  readonly cardinality: FacetCardinality;
}

/**
 * Why a requirement failed, as data (the reason says it in words): the thing the facet names is not
 * there at all, there without a value, there with a value that does not satisfy it, or there when the
 * facet prohibits it. Screens and figures read this, never the reason's text.
 */
export type FailureOutcome = 'absent' | 'empty' | 'mismatch' | 'prohibited';

export interface FacetFailure {
  /** Index into the specification's requirement facets. */
  readonly facetIndex: number;
  readonly type: FacetType;
  readonly outcome: FailureOutcome;
  /** A reason a person can act on, e.g. 'Pset_WallCommon.FireRating is missing'. */
  readonly reason: string;
  /** The offending value as written, when there was one. */
  readonly actualValue?: string;
}

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
  /** Why the specification failed as a whole (cardinality), when it did. */
  readonly reason: string | null;
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

export interface ValidationProblem {
  readonly line: number | null;
  readonly column: number | null;
  readonly message: string;
  /** The file could not be read as XML (ill-formed, or past a size, depth or element limit): no rule ran. */
  readonly unreadable?: true;
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
