/** One file of a multi-file upload: waiting its turn, sending, sent or refused. */
export interface QueuedUpload {
  name: string;
  percent: number;
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
}

/** Whether a file's name ends with one of the extensions an input accepts ('.ifc', '.ids,.xml'). */
export function hasAcceptedExtension(name: string, accept: string): boolean {
  const lower = name.toLowerCase();
  return accept
    .split(',')
    .map((extension) => extension.trim().toLowerCase())
    .some((extension) => extension.length > 0 && lower.endsWith(extension));
}

/** The words beside a file's bar. */
export function queuedUploadLabel(upload: QueuedUpload): string {
  switch (upload.status) {
    case 'waiting':
      return 'Waiting';
    case 'uploading':
      return `Uploading ${upload.percent}%`;
    case 'uploaded':
      return 'Uploaded';
    case 'failed':
      return 'Failed';
  }
}

/** The queue with one file's entry changed (by position: two files may share a name in one drop). */
export function withUpload(queue: readonly QueuedUpload[], index: number, change: Partial<QueuedUpload>) {
  return queue.map((upload, i) => (i === index ? { ...upload, ...change } : upload));
}
