/**
 * Figures every reporter shows, computed once from a `CheckReport` so that the console, JSON, HTML
 * and BCF outputs can never disagree about them.
 */
import { failingIdsOf } from '../check/part-results';
import type { CheckReport, ElementResult, SpecificationResult } from '../results';

export interface ReportSummary {
  readonly specifications: number;
  readonly specificationsPassed: number;
  readonly specificationsFailed: number;
  /** Sum over specifications of applicable elements (an element may count in several). */
  readonly checks: number;
  readonly checksPassed: number;
  readonly checksFailed: number;
  /** Distinct elements (by STEP id) that fail at least one specification. */
  readonly failingElements: number;
}

export function summarize(report: CheckReport): ReportSummary {
  let specificationsPassed = 0;
  let checks = 0;
  let checksPassed = 0;
  let checksFailed = 0;
  const failing = new Set<number>();
  for (const specification of report.specifications) {
    if (specification.status === 'pass') specificationsPassed++;
    checks += specification.applicableCount;
    checksPassed += specification.passedCount;
    checksFailed += specification.failedCount;
    // Ids only: a report of millions of failures need not make them objects to count them.
    const ids = failingIdsOf(specification);
    for (let i = 0; i < ids.length; i++) failing.add(ids[i] as number);
  }
  return {
    specifications: report.specifications.length,
    specificationsPassed,
    specificationsFailed: report.specifications.length - specificationsPassed,
    checks,
    checksPassed,
    checksFailed,
    failingElements: failing.size,
  };
}

/**
 * What to tell a person about why an element failed: its requirement failures, or, for an element
 * of a prohibited specification (which fails by existing, with no requirement to cite), that.
 */
export function elementReasons(specification: SpecificationResult, element: ElementResult): string[] {
  if (element.failures.length > 0) return element.failures.map((failure) => failure.reason);
  if (specification.cardinality === 'prohibited')
    return ['matches a prohibited specification: it must not be in the model'];
  return ['does not meet the requirements'];
}

/** "IFCWALL #1402 'Basic Wall' (3cUkl32yn9qRSPvBJVyWYp)": how a person finds the element again. */
export function describeElement(element: ElementResult): string {
  const name = element.name ? ` '${element.name}'` : '';
  const globalId = element.globalId ? ` (${element.globalId})` : '';
  return `${element.className} #${element.id}${name}${globalId}`;
}

/** A specification's label: its name, or its position when the IDS left the name empty. */
export function specificationLabel(specification: SpecificationResult, index: number): string {
  const name = specification.name.trim();
  return name.length > 0 ? name : `Specification ${index + 1}`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
