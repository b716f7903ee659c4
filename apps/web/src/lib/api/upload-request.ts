import { API_BASE, ApiRequestError } from '@/lib/api';
import { errorFromResponse, networkError } from '@/lib/api/errors';

export interface UploadRequest {
  /** API path under /api/v1, e.g. `/projects/:id/bimfiles`. */
  path: string;
  file: File;
  /** Called with 0–100 as the browser sends the body. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** For tests: a stand-in for the browser's XMLHttpRequest. */
  createRequest?: () => XMLHttpRequest;
}

/** Percent of the body sent, or null while the browser does not know the total. */
export function uploadPercent(loaded: number, total: number, lengthComputable: boolean): number | null {
  if (!lengthComputable || total <= 0) return null;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

/**
 * Sends one file as multipart/form-data (field `file`). XMLHttpRequest rather than fetch because only it
 * reports upload progress; failures become the same ApiRequestError that apiRequest throws.
 */
export function uploadFile<T>({ path, file, onProgress, signal, createRequest }: UploadRequest): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = createRequest ? createRequest() : new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      const percent = uploadPercent(event.loaded, event.total, event.lengthComputable);
      if (percent !== null) onProgress?.(percent);
    };
    xhr.onload = () => {
      const payload = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(payload as T);
      } else {
        reject(errorFromResponse(xhr.status, xhr.statusText, payload));
      }
    };
    xhr.onerror = () => reject(networkError(new Error('upload failed')));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The problems of a refused IDS upload, in the server's order ('Line 12, column 5: …'). The server puts
 * them in `fields` as `problems.0`, `problems.1`, …
 */
export function idsUploadProblems(error: unknown): string[] {
  if (!(error instanceof ApiRequestError)) return [];
  return Object.entries(error.fields)
    .map(([key, text]) => ({ index: /^problems\.(\d+)$/.exec(key)?.[1], text }))
    .filter((entry): entry is { index: string; text: string } => entry.index !== undefined)
    .sort((a, b) => Number(a.index) - Number(b.index))
    .map((entry) => entry.text);
}
