// The BCF writer's thread (cpu-worker.ts 'render-bcf'): the stored report's frame from the main thread,
// its failing elements from the feed a page at a time (bcf-export.ts failingRows), then the archive.
import type { CheckReport, ElementResult, FacetFailure } from '@plumbline/ids';
import { type BcfReportOptions, buildBcfReport } from '@plumbline/ids/report/bcf';

/** One failing element of one specification, as read (its failures still JSON text). */
export interface FailingRow {
  specificationId: string;
  stepId: number;
  globalId: string | null;
  ifcClass: string | null;
  name: string | null;
  failures: string;
}

/** A failure stored before reasons were data (issue 31) keeps its English sentence, shown as stored. */
function legacy(failure: FacetFailure & { reason?: string }): FacetFailure {
  const { reason, ...rest } = failure;
  return reason !== undefined && !rest.kind ? { ...rest, storedReason: reason } : rest;
}

/** The failing elements of a feed put into the report's specifications (on the writer's thread). */
export async function fillFailingElements(
  report: CheckReport,
  specificationIds: readonly string[],
  pages: AsyncIterable<FailingRow[]>,
): Promise<CheckReport> {
  const lists = specificationIds.map((): ElementResult[] => []);
  const listOf = new Map(specificationIds.map((id, i) => [id, lists[i]!]));
  for await (const page of pages) {
    for (const row of page) {
      listOf.get(row.specificationId)?.push({
        id: row.stepId,
        globalId: row.globalId,
        className: row.ifcClass ?? 'IFCPRODUCT',
        name: row.name,
        failures: (JSON.parse(row.failures) as (FacetFailure & { reason?: string })[]).map(legacy),
      });
    }
  }
  return {
    ...report,
    specifications: report.specifications.map((spec, i) => ({ ...spec, failingElements: lists[i] ?? [] })),
  };
}

/** The worker thread's half of renderBcf (cpu-worker.ts): the failing elements from the feed, then the archive. */
export async function writeBcfFromFeed(
  input: { report: CheckReport; specificationIds: string[]; options: BcfReportOptions },
  pages: AsyncIterable<FailingRow[]>,
): Promise<Uint8Array> {
  const report = await fillFailingElements(input.report, input.specificationIds, pages);
  return buildBcfReport(report, input.options).bytes;
}
