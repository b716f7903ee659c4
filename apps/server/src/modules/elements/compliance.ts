/**
 * One element's compliance across every checked specification of its version (spec 3 §3 'Element
 * compliance summary'). Pure: the service gathers the rows, this turns them into the answer.
 */
import type {
  ElementCompliance,
  ElementComplianceStatus,
  ElementSpecificationCompliance,
  IdsFacet,
} from '@plumbline/contracts';
import type { Specification } from '@plumbline/ids';
import type { Words } from '@plumbline/ids/report/words';
import { storedFailureText } from '../compliance';
import { type ElementValidity, readsProperties } from '../validity';
import {
  applicabilityResults,
  type ElementFacts,
  type FacetPair,
  requirementResults,
  type StoredFailure,
  uncheckedRequirements,
} from './facet-results';

/** A specification checked on the version, with the IDS file it belongs to. */
export interface CheckedSpecification {
  id: string;
  name: string;
  identifier: string | null;
  cardinality: string;
  position: number;
  idsFileId: string;
  idsFileName: string;
  applicabilityFacets: IdsFacet[];
  requirementFacets: IdsFacet[];
}

/** The element's stored outcome for a specification (present only when it was applicable). */
export interface StoredElementResult {
  specificationId: string;
  passed: boolean;
  failures: StoredFailure[];
  /** A failure an approved waiver covers on this version (issue 32). */
  waived: boolean;
}

export interface ComplianceInput {
  elementId: string;
  viewerDbId: number;
  fileVersionId: string;
  checkedAt: Date | null;
  facts: ElementFacts;
  specifications: readonly CheckedSpecification[];
  results: readonly StoredElementResult[];
  /** The parsed specification by id, when its IDS file could be read (for facet details). */
  parsed: ReadonlyMap<string, Specification>;
  /** The reader's words (the request's language). */
  words: Words;
  /** "The specification is prohibited…", in the reader's language. */
  prohibitedReason: string;
  /** The element's validity findings and the marks of its verdicts (issue 38). */
  validity: ElementValidity;
}

function pairs(stored: readonly IdsFacet[], parsed: readonly unknown[] | undefined): FacetPair[] {
  return stored.map((facet, i) => ({
    stored: facet,
    parsed: (parsed?.[i] as FacetPair['parsed'] | undefined) ?? null,
  }));
}

/** The element's verdict: any unwaived failure makes it non-compliant; only waived ones, Waived. */
export function overallStatus(applicable: number, compliant: number, waived = 0): ElementComplianceStatus {
  if (applicable === 0) return 'not_applicable';
  if (compliant === applicable) return 'compliant';
  return compliant + waived === applicable ? 'waived' : 'non_compliant';
}

function forSpecification(
  spec: CheckedSpecification,
  stored: StoredElementResult | undefined,
  input: ComplianceInput,
): ElementSpecificationCompliance {
  const parsed = input.parsed.get(spec.id);
  const applicability = pairs(spec.applicabilityFacets, parsed?.applicability);
  const requirements = pairs(spec.requirementFacets, parsed?.requirements);
  const base = {
    specification_id: spec.id,
    specification_name: spec.name,
    specification_identifier: spec.identifier,
    ids_file_id: spec.idsFileId,
    ids_file_name: spec.idsFileName,
    last_checked_at: input.checkedAt?.toISOString() ?? null,
    validity_marks: input.validity.marks(readsProperties(spec)),
  };
  if (!stored) {
    return {
      ...base,
      is_applicable: false,
      meets_requirements: null,
      is_waived: false,
      applicability_results: applicabilityResults(applicability, false, input.facts, input.words),
      requirement_results: uncheckedRequirements(requirements, input.facts, input.words),
      overall_errors: [],
      failure_reasons: [],
    };
  }
  const requirementOutcomes =
    spec.cardinality === 'prohibited'
      ? []
      : requirementResults(requirements, stored.failures, input.facts, input.words);
  return {
    ...base,
    is_applicable: true,
    meets_requirements: stored.passed,
    is_waived: !stored.passed && stored.waived,
    applicability_results: applicabilityResults(applicability, true, input.facts, input.words),
    requirement_results: requirementOutcomes,
    overall_errors: spec.cardinality === 'prohibited' && !stored.passed ? [input.prohibitedReason] : [],
    failure_reasons: stored.failures.map((f) => {
      const pair = requirements[f.facetIndex];
      return storedFailureText(input.words, f, pair?.stored, pair?.parsed ?? null);
    }),
  };
}

export function buildElementCompliance(input: ComplianceInput): ElementCompliance {
  const byId = new Map(input.results.map((r) => [r.specificationId, r]));
  const specifications = input.specifications.map((spec) => forSpecification(spec, byId.get(spec.id), input));
  // Applicable specifications first (failing, then waived, then passing), then the rest, in file order.
  const rank = (s: ElementSpecificationCompliance) =>
    !s.is_applicable ? 3 : s.meets_requirements ? 2 : s.is_waived ? 1 : 0;
  specifications.sort((a, b) => rank(a) - rank(b));
  const applicable = specifications.filter((s) => s.is_applicable).length;
  const compliant = specifications.filter((s) => s.is_applicable && s.meets_requirements).length;
  const waived = specifications.filter((s) => s.is_applicable && s.is_waived).length;
  return {
    element_id: input.elementId,
    viewer_db_id: input.viewerDbId,
    file_version_id: input.fileVersionId,
    overall_compliance_status: overallStatus(applicable, compliant, waived),
    applicable_specifications: applicable,
    compliant_specifications: compliant,
    waived_specifications: waived,
    specifications,
    validity_findings: input.validity.findings,
  };
}
