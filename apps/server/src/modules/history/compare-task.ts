/**
 * Two stored versions compared on a worker thread (cpu-worker.ts task `compare-stored`): the history
 * of a version compared again (processing/recompare.ts) and the comparison of any two versions asked
 * for through the API (service.ts, cached). Pure: bytes in (load.ts), rows and summaries out. When
 * the data lists waived results (the comparison as read, decision 0370) they are no failures on either
 * side, and the newer version's are counted apart.
 */
import { type CheckReport, compareVersions, type FacetSummary } from '@plumbline/ids';
import type { BcfReportOptions } from '@plumbline/ids/report/bcf';
import { writeCompareBcf } from '@plumbline/ids/report/compare-report';
import { type ComparisonRows, comparisonRows } from './comparison-rows';
import { type StoredVersionData, storedFindings } from './stored-version';

export interface CompareTaskInput {
  previous: StoredVersionData;
  current: StoredVersionData;
}

export interface SpecificationSummary {
  key: string;
  name: string;
  identifier: string | null;
  compared: boolean;
  /** `waived`: the newer version's findings of the specification an approved waiver covers (decision 0370). */
  counts: { new: number; resolved: number; removed: number; persisting: number; waived: number };
  uncompared: number;
}

/** What each changed finding's element is called, by the change's row index. */
export interface ChangedElements {
  globalId: (string | null)[];
  name: (string | null)[];
  ifcClass: string[];
  level: (string | null)[];
}

export interface CompareTaskOutput {
  rows: ComparisonRows;
  specifications: SpecificationSummary[];
  elements: ChangedElements;
}

/**
 * Both versions' findings and their comparison: the one rule `compareStored` and `compareStoredBcf`
 * share. Results the data lists as waived are no failures; the newer version's are counted in `waived`.
 */
function findingsCompared(input: CompareTaskInput, waived?: Map<string, number>) {
  const old = storedFindings(input.previous);
  const next = storedFindings(input.current, waived);
  return { old, next, comparison: compareVersions(old, next) };
}

export function compareStored(input: CompareTaskInput): CompareTaskOutput {
  const waived = new Map<string, number>();
  const { old, next, comparison } = findingsCompared(input, waived);
  const rows = comparisonRows(comparison, old, next, input.previous.versionId);
  const elements: ChangedElements = { globalId: [], name: [], ifcClass: [], level: [] };
  for (const spec of comparison.specifications) {
    for (const change of spec.changes) {
      const s = change.kind === 'removed' ? old.elements : next.elements;
      elements.globalId.push(s.globalId[change.element] ?? null);
      elements.name.push(s.name[change.element] ?? null);
      elements.ifcClass.push(s.ifcClass[change.element] ?? '');
      elements.level.push(s.level[change.element] ?? null);
    }
  }
  return {
    rows,
    specifications: comparison.specifications.map((spec) => ({
      key: spec.key,
      name: spec.name,
      identifier: spec.identifier,
      compared: spec.compared,
      counts: { ...spec.counts, waived: waived.get(spec.key) ?? 0 },
      uncompared: spec.uncompared,
    })),
    elements,
  };
}

export interface CompareBcfTaskInput extends CompareTaskInput {
  /** Each requirement facet by its key (the newer version's specifications, else the older's). */
  requirements: [string, FacetSummary][];
  /** The BCF's header: the newer version's model and the IDS, and when it was checked. */
  header: Pick<CheckReport, 'ids' | 'model' | 'checkedAt'>;
  options: Omit<BcfReportOptions, 'identity'>;
}

/**
 * The new failures of two stored versions as a BCF archive (cpu-worker.ts task `compare-bcf`): the
 * comparison as `compareStored` makes it (waived results, when listed, left out), written by `plumbline compare --format bcf`'s own code, so
 * a topic's GUID is the same from the server and the command line (specification key and element).
 */
export async function compareStoredBcf(input: CompareBcfTaskInput): Promise<Uint8Array> {
  const { next, comparison } = findingsCompared(input);
  const chunks: Uint8Array[] = [];
  await writeCompareBcf(
    {
      comparison,
      next,
      requirements: new Map(input.requirements),
      newReports: [input.header],
    },
    (chunk) => {
      chunks.push(chunk.slice());
    },
    input.options,
  );
  const out = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
