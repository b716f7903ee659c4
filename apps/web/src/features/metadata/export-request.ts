import type { ErrorCode } from '@plumbline/contracts';
import { apiUrl } from '@/lib/api/paths';
import { type ExplorerState, selectionQuery } from './explorer-state';

export type ExportFormat = 'csv' | 'xlsx';

/** How an export ended, in the words the toasts use (spec 2 §8 'Export (metadata)'). */
export type ExportOutcome =
  | { kind: 'downloaded'; fileName: string }
  | { kind: 'rate-limited'; secondsLeft: number }
  | { kind: 'no-data' }
  | { kind: 'failed'; message: string };

export function exportUrl(
  address: { projectId: string; fileId: string; versionId: string },
  state: Pick<ExplorerState, 'search' | 'filters' | 'range'>,
  format: ExportFormat,
): string {
  return apiUrl('/projects/{projectId}/bimfiles/{fileId}/metadata/export', {
    path: address,
    query: { versionId: address.versionId, format, ...selectionQuery(state) },
  });
}

/** The file name from Content-Disposition (RFC 5987 form first), else a default. */
export function fileNameFrom(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) return decodeURIComponent(encoded[1]);
  const plain = /filename="([^"]+)"/i.exec(header);
  return plain?.[1] ?? fallback;
}

/** Seconds to wait, from Retry-After or from the message's 'Please wait N seconds'. */
export function secondsFrom(retryAfter: string | null, message: string | undefined): number {
  const header = Number(retryAfter);
  if (Number.isFinite(header) && header > 0) return Math.ceil(header);
  const match = /wait (\d+) seconds?/i.exec(message ?? '');
  return match ? Number(match[1]) : 30;
}

/** Interprets the export answer; the body of a 200 is the file. */
export async function exportOutcome(
  response: Response,
  fallbackName: string,
): Promise<ExportOutcome & { blob?: Blob }> {
  if (response.ok) {
    return {
      kind: 'downloaded',
      fileName: fileNameFrom(response.headers.get('content-disposition'), fallbackName),
      blob: await response.blob(),
    };
  }
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string };
  } | null;
  if (response.status === 429) {
    return {
      kind: 'rate-limited',
      secondsLeft: secondsFrom(response.headers.get('retry-after'), body?.error?.message),
    };
  }
  const noData: ErrorCode = 'no_data_to_export';
  if (body?.error?.code === noData) return { kind: 'no-data' };
  return { kind: 'failed', message: body?.error?.message ?? `The server answered ${response.status}.` };
}
