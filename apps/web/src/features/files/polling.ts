import type { BimFile } from '@plumbline/contracts';

/** Spec 1 §4: the browser asks for processing status every 5 seconds. */
export const FILE_STATUS_POLL_MS = 5_000;

/** A file is settled once processing finished either way; nothing about it changes until a new upload. */
export function isSettled(status: BimFile['status']): boolean {
  return status === 'completed' || status === 'failed';
}

/** Poll while any file is still pending or processing; stop once every file is completed or failed. */
export function filesPollInterval(files: readonly Pick<BimFile, 'status'>[] | undefined): number | false {
  if (!files) return false;
  return files.some((file) => !isSettled(file.status)) ? FILE_STATUS_POLL_MS : false;
}
