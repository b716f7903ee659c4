import { errorCodeOf, isApiRequestError } from '@/lib/api';

/** Spec 2 §8 Download: the title of each refusal, by what the server answered. */
export function downloadErrorTitle(error: unknown): string {
  if (!isApiRequestError(error)) return 'Download failed';
  if (error.status === 401) return 'Authentication required for download';
  const code = errorCodeOf(error);
  if (error.status === 429 || code === 'download_rate_limited') return 'Download Rate Limited';
  if (code === 'report_in_progress') return 'Report In Progress';
  if (code === 'report_failed') return 'Report Failed';
  if (error.status === 404 || error.status === 403) return 'Download Unavailable';
  return `Download failed with status ${error.status}`;
}

/** Spec 2 §8 Report generation: the message for a refused request. */
export function generationErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return 'Report generation failed. Please try again.';
  const code = errorCodeOf(error);
  if (code === 'limit_reports' || code === 'no_files') return error.message;
  if (code === 'demo_read_only') return 'Demo data cannot be modified.';
  if (error.status === 404) return 'Report generation is not available (endpoint not found).';
  if (error.status === 403) return 'You do not have permission to generate reports for this project.';
  if (error.status === 429) return 'Rate limit exceeded. Please wait a moment and try again.';
  return error.message || 'Report generation failed. Please try again.';
}

/** Seconds left of a cooldown that started at `since` (0 when over). */
export function cooldownLeft(since: number | undefined, now: number, lengthMs: number): number {
  if (since === undefined) return 0;
  return Math.max(0, Math.ceil((since + lengthMs - now) / 1000));
}

/** The default name of a report of a type (spec 2 §5): the type's label plus 'Report'. */
export function defaultReportName(typeLabel: string): string {
  return `${typeLabel} Report`;
}
