/**
 * The JSON reporter. Its shape is documented by `packages/ids/report-schema.json` (JSON Schema
 * 2020-12) and versioned by `reportVersion`: tools that read it may rely on every field there.
 * Unlike `CheckReport`, it lists only failing elements (passing ones are counted), so a report of a
 * large, mostly compliant model stays small.
 */

import type { SchemaSubstitution } from '@plumbline/ifc';
import type {
  CheckReport,
  ElementResult,
  FacetCardinality,
  FacetSummary,
  FacetType,
  FailureOutcome,
  SpecificationResult,
} from '../results';
import { schemaSubstitutionNote } from './schema-note';
import { type ReportSummary, summarize } from './summary';
import { facetText, failureText, idsWords, specificationReasonText, type Words } from './words';

export const JSON_REPORT_VERSION = 1;

export interface JsonFailure {
  readonly facetIndex: number;
  readonly type: FacetType;
  /** Why it failed, as data (the reason says it in words, in the report's language). */
  readonly outcome: FailureOutcome;
  readonly reason: string;
  readonly actualValue: string | null;
}

export interface JsonFailingElement {
  readonly id: number;
  readonly globalId: string | null;
  readonly className: string;
  readonly name: string | null;
  readonly failures: readonly JsonFailure[];
}

export interface JsonSpecification {
  readonly name: string;
  readonly identifier: string | null;
  readonly description: string | null;
  readonly instructions: string | null;
  readonly ifcVersions: readonly string[];
  readonly cardinality: 'required' | 'optional' | 'prohibited';
  readonly status: 'pass' | 'fail';
  readonly reason: string | null;
  readonly applicable: number;
  readonly passed: number;
  readonly failed: number;
  readonly applicability: readonly JsonFacet[];
  readonly requirements: readonly JsonFacet[];
  readonly failingElements: readonly JsonFailingElement[];
}

export interface JsonFacet {
  readonly type: FacetType;
  /** The facet in words, in the report's language. */
  readonly description: string;
  readonly cardinality: FacetCardinality;
}

export interface JsonReport {
  readonly reportVersion: typeof JSON_REPORT_VERSION;
  readonly status: 'pass' | 'fail' | 'invalid';
  readonly ids: { readonly title: string | null; readonly fileName: string | null };
  readonly model: {
    readonly fileName: string | null;
    readonly schema: string | null;
    /** Only when FILE_SCHEMA was read with another schema: what, as what, why (code and sentence). */
    readonly schemaSubstitution?: SchemaSubstitution & { readonly note: string };
  };
  readonly checkedAt: string;
  readonly durationMs: number;
  readonly summary: ReportSummary;
  readonly problems: readonly { line: number | null; column: number | null; message: string }[];
  readonly specifications: readonly JsonSpecification[];
}

/** The report's members before `specifications` (the streamed writer emits these first). */
export function toJsonReportHead(
  report: CheckReport,
  w: Words = idsWords(),
): Omit<JsonReport, 'specifications'> {
  return {
    reportVersion: JSON_REPORT_VERSION,
    status: report.status,
    ids: { title: report.ids.title, fileName: report.ids.fileName },
    model: {
      fileName: report.model.fileName,
      schema: report.model.schema,
      ...(report.model.schemaSubstitution
        ? {
            schemaSubstitution: {
              ...report.model.schemaSubstitution,
              note: schemaSubstitutionNote(report.model.schemaSubstitution, w),
            },
          }
        : {}),
    },
    checkedAt: report.checkedAt,
    durationMs: report.durationMs,
    summary: summarize(report),
    problems: report.problems.map(({ line, column, message }) => ({ line, column, message })),
  };
}

/** A specification's members before `failingElements`. */
export function toJsonSpecificationHead(
  specification: SpecificationResult,
  w: Words = idsWords(),
): Omit<JsonSpecification, 'failingElements'> {
  const copyFacet = ({ type, facet, cardinality }: FacetSummary): JsonFacet => ({
    type,
    description: facetText(w, facet),
    cardinality,
  });
  return {
    name: specification.name,
    identifier: specification.identifier,
    description: specification.description,
    instructions: specification.instructions,
    ifcVersions: specification.ifcVersions,
    cardinality: specification.cardinality,
    status: specification.status,
    reason: specificationReasonText(w, specification),
    applicable: specification.applicableCount,
    passed: specification.passedCount,
    failed: specification.failedCount,
    applicability: specification.applicability.map(copyFacet),
    requirements: specification.requirements.map(copyFacet),
  };
}

export function toJsonFailingElement(
  element: ElementResult,
  specification: SpecificationResult,
  w: Words = idsWords(),
): JsonFailingElement {
  return {
    id: element.id,
    globalId: element.globalId,
    className: element.className,
    name: element.name,
    failures: element.failures.map((failure) => ({
      facetIndex: failure.facetIndex,
      type: failure.type,
      outcome: failure.outcome,
      reason: failureReason(w, specification, failure),
      actualValue: failure.actualValue ?? null,
    })),
  };
}

/** The whole report as one object (for callers that want it in memory; the CLI streams instead). */
export function toJsonReport(report: CheckReport, w: Words = idsWords()): JsonReport {
  return {
    ...toJsonReportHead(report, w),
    specifications: report.specifications.map((specification) => ({
      ...toJsonSpecificationHead(specification, w),
      failingElements: specification.failingElements.map((element) =>
        toJsonFailingElement(element, specification, w),
      ),
    })),
  };
}

/** A failure's reason in words: its facet is the specification's requirement it names. */
export function failureReason(
  w: Words,
  specification: SpecificationResult,
  failure: ElementResult['failures'][number],
): string {
  const facet = specification.requirements[failure.facetIndex]?.facet;
  return facet ? failureText(w, failure, facet) : (failure.storedReason ?? w.t('ids.failure.unmet'));
}

/**
 * The JSON text, two-space indented, ending with a newline, as one string: only for reports known
 * to be small (a string is limited by V8 to about 512 MB); `writeJsonReport` streams any size.
 */
export function formatJsonReport(report: CheckReport, w: Words = idsWords()): string {
  return `${JSON.stringify(toJsonReport(report, w), null, 2)}\n`;
}
