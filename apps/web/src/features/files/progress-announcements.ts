import type { BimFile } from '@plumbline/contracts';
import { bimFileStatusText } from '../projects/bim-files';

/** An upload's progress is announced at these points only: often enough to follow, rarely enough to bear. */
const UPLOAD_MILESTONES = [25, 50, 75] as const;

/** The milestone an upload passed going from `before` to `now` percent, or null. */
export function uploadMilestone(before: number, now: number): number | null {
  const passed = UPLOAD_MILESTONES.filter((m) => before < m && now >= m);
  return passed.at(-1) ?? null;
}

type FileStatus = Pick<BimFile, 'id' | 'name' | 'status'>;

/**
 * What to announce when a project's files are read again: each file whose processing status changed
 * since the last reading, once. Files seen for the first time are not announced (the table shows
 * them; a new upload is announced by its own toast).
 */
export function processingAnnouncements(before: ReadonlyMap<string, BimFile['status']>, files: FileStatus[]) {
  return files
    .filter((file) => before.has(file.id) && before.get(file.id) !== file.status)
    .map((file) => `${file.name}: ${bimFileStatusText(file.status)}`);
}
