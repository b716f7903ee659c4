/**
 * GET requests started before the code that asks for them has loaded (issue 21: a first view's data
 * asked for with the route, not after each component's first render). `apiRequest` takes a started
 * response for the same path once instead of asking again; an answer nobody took within a few
 * seconds is dropped, so a later request never gets old data.
 */
const TAKE_WITHIN_MS = 10_000;

import type { ApiAddress } from './paths';

const started = new Map<string, { response: Promise<Response>; at: number }>();

/** Starts `GET /api/v1<path>` now, as `apiRequest` would send it; returns the response's promise. */
export function startEarlyRequest(apiBase: string, path: ApiAddress): Promise<Response> {
  const response = fetch(`${apiBase}${path}`, {
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  // Not an unhandled rejection while it waits: the request that takes it receives the failure.
  response.catch(() => {});
  started.set(path, { response, at: performance.now() });
  return response;
}

/** The started response for `path`, once; undefined when none was started or it is too old. */
export function takeEarlyResponse(path: string): Promise<Response> | undefined {
  const entry = started.get(path);
  if (!entry) return undefined;
  started.delete(path);
  return performance.now() - entry.at <= TAKE_WITHIN_MS ? entry.response : undefined;
}
