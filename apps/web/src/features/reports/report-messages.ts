import { type Report, reportFailureMessage } from '@plumbline/contracts';
import { errorCodeOf, errorMessage, isApiRequestError } from '@/lib/api';
import { t } from '@/lib/i18n';
import { demoBlockedReason } from '../projects/permissions';

// In the page's language: the Reports tab, which shows these, loads the `reports` catalogue.

/** Spec 2 §8 Download: the title of each refusal, by what the server answered. */
export function downloadErrorTitle(error: unknown): string {
  if (!isApiRequestError(error)) return t('reports.download.failed');
  if (error.status === 401) return t('reports.download.authRequired');
  const code = errorCodeOf(error);
  if (error.status === 429 || code === 'download_rate_limited') return t('reports.download.rateLimited');
  if (code === 'report_in_progress') return t('reports.download.inProgress');
  if (code === 'report_failed') return t('reports.download.reportFailed');
  if (error.status === 404 || error.status === 403) return t('reports.download.unavailable');
  return t('reports.download.failedStatus', { status: String(error.status) });
}

/** Spec 2 §8 Report generation: the message for a refused request. */
export function generationErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return t('reports.generation.retry');
  const code = errorCodeOf(error);
  if (code === 'limit_reports' || code === 'no_files') return errorMessage(error);
  if (code === 'demo_read_only') return demoBlockedReason();
  if (error.status === 404) return t('reports.generation.notAvailable');
  if (error.status === 403) return t('reports.generation.forbidden');
  if (error.status === 429) return t('reports.generation.rateLimited');
  return errorMessage(error, t('reports.generation.retry'));
}

/**
 * Why a report failed, rendered from its code in the page's language (the shared `errors` catalogue,
 * which the Reports tab loads); the server's `error_message` while that catalogue is not there yet.
 */
export function reportFailureText(report: Report): string | null {
  if (!report.failure) return report.error_message;
  const message = reportFailureMessage(report.failure);
  return t.has(message.id) ? t(message.id, message.params) : report.error_message;
}

/** Seconds left of a cooldown that started at `since` (0 when over). */
export function cooldownLeft(since: number | undefined, now: number, lengthMs: number): number {
  if (since === undefined) return 0;
  return Math.max(0, Math.ceil((since + lengthMs - now) / 1000));
}

/** The default name of a report of a type (spec 2 §5): the type's label plus 'Report', in the page's language. */
export function defaultReportName(typeLabel: string): string {
  return t('reports.defaultName', { type: typeLabel });
}
