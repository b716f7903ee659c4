import {
  type IdsCompliance,
  percentOf,
  type SpecificationComplianceSummary,
  type StatusCounts,
  specificationState,
} from '@plumbline/contracts';
import type { SpecificationCountsRow, SpecificationRow } from './repo';
import { STATUS_RANK } from './status';

/**
 * The one server-side definition of every figure a screen shows (issue 17, decision 0173). The
 * element population is `ELEMENT_POPULATION` (packages/contracts/src/figures.ts): the version's
 * `elements_count`. Each figure below is computed from the stored rows once, here, and every route
 * that shows it (file list, Overview, IDS Compliance cards and 3D legend, File Inspector, IDS
 * Schemas, Schema tab, reports) calls these functions: no screen counts rows of its own.
 */

/**
 * Elements by status, from how many elements have each status rank (STATUS_RANK; waived since issue 32):
 * every other element of the population is not applicable, so the four always add up to the
 * version's element count. The IDS Compliance cards and the 3D legend both print this.
 */
export function statusCounts(ranks: ReadonlyMap<number, number>, totalElements: number): StatusCounts {
  const passed = ranks.get(STATUS_RANK.passed) ?? 0;
  const waived = ranks.get(STATUS_RANK.waived) ?? 0;
  const warning = ranks.get(STATUS_RANK.warning) ?? 0;
  const failed = ranks.get(STATUS_RANK.failed) ?? 0;
  return {
    passed,
    waived,
    warning,
    failed,
    not_applicable: Math.max(0, totalElements - passed - waived - warning - failed),
  };
}

/**
 * IDS compliance, the one compliance percentage of the product (issue 35; basis `elements`): from
 * the same status ranks as the IDS Compliance cards, applicable = elements with a status above not
 * applicable (passed, waived, warning or failed), compliant = those passed, and the rate compliant of
 * applicable. The Overview card, every trend point, the File Inspector's version figure, the Schema
 * Analysis summary and the PDF/XLSX reports print this; summed over files, so one file's card
 * equals its view's. Nothing else divides these counts.
 */
export function idsComplianceOf(ranks: ReadonlyMap<number, number>, totalElements: number): IdsCompliance {
  const counts = statusCounts(ranks, totalElements);
  const applicable = counts.passed + counts.waived + counts.warning + counts.failed;
  return {
    compliant_elements: counts.passed,
    applicable_elements: applicable,
    waived_elements: counts.waived,
    total_elements: totalElements,
    compliance_rate: percentOf(counts.passed, applicable),
  };
}

/** Rank counts of several versions added up (the project's latest versions), for `idsComplianceOf`. */
export function sumRanks(all: Iterable<ReadonlyMap<number, number>>): Map<number, number> {
  const sum = new Map<number, number>();
  for (const ranks of all) for (const [rank, n] of ranks) sum.set(rank, (sum.get(rank) ?? 0) + n);
  return sum;
}

function cardinalitySatisfied(cardinality: SpecificationRow['cardinality'], applicable: number): boolean {
  if (cardinality === 'required') return applicable > 0;
  if (cardinality === 'prohibited') return applicable === 0;
  return true;
}

/** One specification's figures on a version: the IDS Schemas table and the File Inspector read these. */
export function specificationSummary(
  spec: Pick<SpecificationRow, 'cardinality' | 'requirementFacets'>,
  counts: SpecificationCountsRow,
  totalElements: number,
): SpecificationComplianceSummary {
  const totalFacets = spec.requirementFacets.length;
  return {
    compliance_rate: percentOf(counts.compliant, counts.applicable),
    total_facets: totalFacets,
    passed_facets: counts.applicable > 0 ? totalFacets - counts.failedFacets : 0,
    failed_facets: counts.failedFacets,
    compliant_elements: counts.compliant,
    total_elements: totalElements,
    applicable_elements: counts.applicable,
    applicability_rate: percentOf(counts.applicable, totalElements),
    cardinality_satisfied: cardinalitySatisfied(spec.cardinality, counts.applicable),
    state: specificationState(counts),
  };
}
