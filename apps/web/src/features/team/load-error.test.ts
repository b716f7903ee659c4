import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api';
import { isTimeoutError, teamLoadErrorMessage } from './load-error';

const apiError = (status: number, message = 'server words', code = 'X') =>
  new ApiRequestError({ status, code, message });

describe('teamLoadErrorMessage', () => {
  it('gives each of network, 401, 403, 404 and 500 its own friendly text', () => {
    const texts = [0, 401, 403, 404, 500].map((status) => teamLoadErrorMessage(apiError(status)));
    expect(new Set(texts).size).toBe(5);
    expect(texts[0]).toMatch(/reach the server/);
    expect(texts[1]).toMatch(/session has expired/);
    expect(texts[2]).toMatch(/permission/);
    expect(texts[3]).toMatch(/could not be found/);
    expect(texts[4]).toMatch(/server ran into a problem/);
    expect(teamLoadErrorMessage(apiError(503))).toBe(texts[4]);
  });

  it('recognises timeouts: our own abort, a network error caused by it, and 408/504', () => {
    const ownTimeout = new DOMException('signal timed out', 'TimeoutError');
    const wrapped = apiError(0, 'Unable to reach the server.', 'NETWORK_ERROR');
    wrapped.cause = ownTimeout;
    for (const error of [ownTimeout, wrapped, apiError(408), apiError(504)]) {
      expect(isTimeoutError(error)).toBe(true);
      expect(teamLoadErrorMessage(error)).toMatch(/took too long/);
    }
    expect(isTimeoutError(apiError(0))).toBe(false);
    expect(isTimeoutError(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it("keeps the server's message for other statuses and has a fallback for unknown errors", () => {
    expect(teamLoadErrorMessage(apiError(400, 'Project not found'))).toBe('Project not found');
    expect(teamLoadErrorMessage(new Error('boom'))).toMatch(/Something went wrong/);
  });
});
