import { isApiRequestError } from '@/lib/api';

/** Title of the members table when the list cannot be loaded (spec 2 §7 failure text). */
export const MEMBERS_LOAD_FAILED = 'Failed to fetch team members';

/** A request that ran out of time (our own timeout, or a gateway's 408/504). */
export function isTimeoutError(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'TimeoutError') return true;
  if (!isApiRequestError(error)) return false;
  if (error.status === 408 || error.status === 504) return true;
  return error.cause instanceof DOMException && error.cause.name === 'TimeoutError';
}

/**
 * A friendly explanation of why the members could not be loaded (spec 2 §8, Team: network, timeout, 401,
 * 403, 404 and 500 each get their own text). Other failures keep the server's own message.
 */
export function teamLoadErrorMessage(error: unknown): string {
  if (isTimeoutError(error)) return 'The server took too long to answer. Please try again in a moment.';
  if (!isApiRequestError(error)) return 'Something went wrong while loading the team. Please try again.';
  if (error.status === 0) return 'Unable to reach the server. Check your internet connection and try again.';
  if (error.status === 401) return 'Your session has expired. Please sign in again.';
  if (error.status === 403) return 'You do not have permission to view the members of this project.';
  if (error.status === 404) return 'This project could not be found. It may have been deleted.';
  if (error.status >= 500) return 'The server ran into a problem. Please try again later.';
  return error.message || 'Something went wrong while loading the team. Please try again.';
}
