/**
 * Figures every reporter shows, computed once from a `CheckReport` so that the console, JSON, HTML
 * and BCF outputs can never disagree about them.
 */
import { failingIdsOf } from '../check/part-results';
import type { CheckReport, ElementResult, SpecificationResult } from '../results';
import { idsWords, type Words } from './words';

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

/** Ids up to this are counted in a bitmap (8 MB at most); a model with larger STEP ids, in a set. */
const BITMAP_MAX_ID = 64 * 1024 * 1024;

export function summarize(report: CheckReport): ReportSummary {
  let specificationsPassed = 0;
  let checks = 0;
  let checksPassed = 0;
  let checksFailed = 0;
  // Ids only: a report of millions of failures need not make them objects to count them.
  const lists = report.specifications.map(failingIdsOf);
  // The check's lists are STEP ids ascending (check/part-results.ts): the last is the largest.
  // Others (fixtures, stored results) are counted in a set.
  let maxId = 0;
  for (const ids of lists) {
    if (!(ids instanceof Uint32Array)) maxId = Number.POSITIVE_INFINITY;
    else if (ids.length > 0) maxId = Math.max(maxId, ids[ids.length - 1] as number);
  }
  for (const specification of report.specifications) {
    if (specification.status === 'pass') specificationsPassed++;
    checks += specification.applicableCount;
    checksPassed += specification.passedCount;
    checksFailed += specification.failedCount;
  }
  return {
    specifications: report.specifications.length,
    specificationsPassed,
    specificationsFailed: report.specifications.length - specificationsPassed,
    checks,
    checksPassed,
    checksFailed,
    failingElements: maxId <= BITMAP_MAX_ID ? distinctInBitmap(lists, maxId) : distinctInSet(lists),
  };
}

/**
 * Distinct ids over the lists, marked in a bitmap: a class pack's failing (specification, element)
 * pairs are hundreds of thousands over tens of thousands of elements (issue 36), and a set's
 * look-up per pair cost more than the console report's text.
 */
function distinctInBitmap(lists: readonly ArrayLike<number>[], maxId: number): number {
  const seen = new Uint8Array((maxId >>> 3) + 1);
  let count = 0;
  for (const ids of lists)
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number;
      const bit = 1 << (id & 7);
      const byte = seen[id >>> 3] as number;
      if ((byte & bit) === 0) {
        seen[id >>> 3] = byte | bit;
        count++;
      }
    }
  return count;
}

function distinctInSet(lists: readonly ArrayLike<number>[]): number {
  const failing = new Set<number>();
  for (const ids of lists) for (let i = 0; i < ids.length; i++) failing.add(ids[i] as number);
  return failing.size;
}

/** "IFCWALL #1402 'Basic Wall' (3cUkl32yn9qRSPvBJVyWYp)": how a person finds the element again. */
export function describeElement(element: ElementResult): string {
  const name = element.name ? ` '${element.name}'` : '';
  const globalId = element.globalId ? ` (${element.globalId})` : '';
  return `${element.className} #${element.id}${name}${globalId}`;
}

/** A specification's label: its name, or its position when the IDS left the name empty. */
export function specificationLabel(
  specification: SpecificationResult,
  index: number,
  w: Words = idsWords(),
): string {
  const name = specification.name.trim();
  return name.length > 0 ? name : w.t('ids.specification.numbered', { number: index + 1 });
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}
