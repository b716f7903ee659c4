/**
 * Two stored versions compared on a worker thread (cpu-worker.ts task `compare-stored`): the history
 * of a version compared again (processing/recompare.ts) and the comparison of any two versions asked
 * for through the API (service.ts, cached). Pure: bytes in (load.ts), rows and summaries out. When
 * the data lists waived results (the comparison as read, decision 0370) they are no failures on either
 * side, and the newer version's are counted apart.
 */
import { compareVersions } from '@plumbline/ids';
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

export function compareStored(input: CompareTaskInput): CompareTaskOutput {
  const old = storedFindings(input.previous);
  const waived = new Map<string, number>();
  const next = storedFindings(input.current, waived);
  const comparison = compareVersions(old, next);
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
