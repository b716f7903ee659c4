import { isApiRequestError } from '@/lib/api';
import { t } from '@/lib/i18n';

/** Title of the members table when the list cannot be loaded (spec 2 §7 failure text), its message id. */
export const MEMBERS_LOAD_FAILED = 'team.load.failedTitle';

/** A request that ran out of time (our own timeout, or a gateway's 408/504). */
export function isTimeoutError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'TimeoutError') return true;
  if (!isApiRequestError(error)) return false;
  if (error.status === 408 || error.status === 504) return true;
  return error.cause instanceof DOMException && error.cause.name === 'TimeoutError';
}

/**
 * A friendly explanation of why the members could not be loaded (spec 2 §8, Team: network, timeout, 401,
 * 403, 404 and 500 each get their own text). Other failures keep the server's own message. In the page's
 * language: the Team tab, which shows it, loads the `team` catalogue.
 */
export function teamLoadErrorMessage(error: unknown): string {
  if (isTimeoutError(error)) return t('team.load.timeout');
  if (!isApiRequestError(error)) return t('team.load.unknown');
  if (error.status === 0) return t('team.load.offline');
  if (error.status === 401) return t('team.load.unauthorized');
  if (error.status === 403) return t('team.load.forbidden');
  if (error.status === 404) return t('team.load.notFound');
  if (error.status >= 500) return t('team.load.server');
  return error.message || t('team.load.unknown');
}
