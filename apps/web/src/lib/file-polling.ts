import type { BimFile } from '@plumbline/contracts';

/** Spec 1 §4: the browser asks for processing status every 5 seconds. */
export const FILE_STATUS_POLL_MS = 5_000;

/** A file is settled once processing finished either way; nothing about it changes until a new upload. */
export function isSettled(status: BimFile['status']): boolean {
  return status === 'completed' || status === 'failed';
}

/**
 * Poll while any file is still pending or processing, or being re-checked against changed IDS rules;
 * stop once every file is completed or failed and no re-check is due.
 */
export function filesPollInterval(
  files: readonly Pick<BimFile, 'status' | 'rechecking'>[] | undefined,
): number | false {
  if (!files) return false;
  return files.some((file) => !isSettled(file.status) || file.rechecking) ? FILE_STATUS_POLL_MS : false;
}
