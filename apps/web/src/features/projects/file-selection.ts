import { type AvailableFile, type FileLimits, fileSelectionProblem } from '@plumbline/contracts';
import { t } from '@/lib/i18n';

export type StorageBarTone = 'green' | 'yellow' | 'red';

/** Spec 2 §9: red above 80 percent, yellow above 60 percent. */
export function storageBarTone(percent: number): StorageBarTone {
  if (percent > 80) return 'red';
  if (percent > 60) return 'yellow';
  return 'green';
}

export interface SelectionSummary {
  count: number;
  usedBytes: number;
  /** Of the storage limit, 0–100 (capped for the bar). */
  usedPercent: number;
  problem: string | null;
}

/** What the dialog shows for a selection: counter, used storage and the first limit problem. */
export function summarizeSelection(
  files: readonly AvailableFile[],
  selected: ReadonlySet<string>,
  limits: FileLimits,
): SelectionSummary {
  const chosen = files.filter((f) => selected.has(f.id));
  const usedBytes = chosen.reduce((sum, f) => sum + f.size_bytes, 0);
  // In the page's language (the shared catalogue, loaded after the first paint).
  const problem = fileSelectionProblem(chosen, limits);
  return {
    count: chosen.length,
    usedBytes,
    usedPercent:
      limits.max_storage_bytes === 0 ? 100 : Math.min(100, (usedBytes / limits.max_storage_bytes) * 100),
    problem: problem ? t(problem.id, problem.params) : null,
  };
}

export function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
