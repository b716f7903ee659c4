import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api';
import { shouldRetry } from './query-client';

const error = (status: number) => new ApiRequestError({ status, code: 'X', message: 'x' });

describe('shouldRetry', () => {
  it('never retries client errors', () => {
    expect(shouldRetry(0, error(400))).toBe(false);
    expect(shouldRetry(0, error(401))).toBe(false);
    expect(shouldRetry(0, error(404))).toBe(false);
  });

  it('retries network and server errors twice', () => {
    expect(shouldRetry(0, error(0))).toBe(true);
    expect(shouldRetry(1, error(503))).toBe(true);
    expect(shouldRetry(2, error(503))).toBe(false);
    expect(shouldRetry(0, new TypeError('boom'))).toBe(true);
  });
});
