import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, setUnauthorizedHandler } from './client';
import { ApiRequestError, errorMessage } from './errors';
import { apiPath } from './paths';

function respond(status: number, body?: unknown, statusText = ''): typeof fetch {
  return vi.fn(async () => {
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(status === 204 ? null : text, { status, statusText });
  }) as unknown as typeof fetch;
}

afterEach(() => setUnauthorizedHandler(undefined));

describe('apiRequest', () => {
  it('sends JSON with same-origin credentials to /api/v1 and parses the schema', async () => {
    const fetchImpl = respond(200, { id: 'p1', extra: true });
    const result = await apiRequest(apiPath('/projects/{projectId}', { path: { projectId: 'p1' } }), {
      method: 'PATCH',
      body: { name: 'A' },
      schema: z.object({ id: z.string() }),
      fetchImpl,
    });
    expect(result).toEqual({ id: 'p1' });
    const [url, init] = vi.mocked(fetchImpl).mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/projects/p1');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"name":"A"}');
    expect((init?.headers ?? {}) as Record<string, string>).toHaveProperty(
      'content-type',
      'application/json',
    );
  });

  it('takes only an address apiPath made: a plain string is refused by the typecheck', async () => {
    const fetchImpl = respond(200, {});
    // @ts-expect-error: a template string the typecheck cannot hold to the OpenAPI document (issue 37)
    await apiRequest('/projects', { fetchImpl });
    await apiRequest(apiPath('/projects'), { fetchImpl });
    expect(vi.mocked(fetchImpl).mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/projects',
      '/api/v1/projects',
    ]);
  });

  it('maps an API error body to ApiRequestError with code, message and fields', async () => {
    const body = {
      error: {
        code: 'validation_failed',
        message: 'Check the form',
        requestId: 'r-1',
        fields: { name: 'Too long' },
      },
    };
    const error = await apiRequest(apiPath('/projects'), { fetchImpl: respond(400, body) }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the form',
      requestId: 'r-1',
      fields: { name: 'Too long' },
    });
  });

  it('gives a readable error when the body is not an API error', async () => {
    const error = await apiRequest(apiPath('/projects'), {
      fetchImpl: respond(502, '<html>bad gateway</html>', 'Bad Gateway'),
    }).catch((e: ApiRequestError) => e);
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR' });
    expect((error as ApiRequestError).message).toBe(
      'Request failed with status 502 Bad Gateway. Please try again.',
    );
  });

  it('reports a network failure with status 0', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = await apiRequest(apiPath('/projects'), { fetchImpl }).catch((e) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('reports a response that does not match the schema', async () => {
    const error = await apiRequest(apiPath('/projects'), {
      fetchImpl: respond(200, { id: 3 }),
      schema: z.object({ id: z.string() }),
    }).catch((e) => e);
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('calls the unauthorized handler on 401 unless told not to', async () => {
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const body = { error: { code: 'unauthenticated', message: 'Please sign in' } };
    await apiRequest(apiPath('/projects'), { fetchImpl: respond(401, body) }).catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
    await apiRequest(apiPath('/auth/me'), {
      fetchImpl: respond(401, body),
      redirectOnUnauthorized: false,
    }).catch(() => undefined);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('returns undefined for 204 No Content', async () => {
    await expect(
      apiRequest(apiPath('/auth/logout'), { method: 'POST', fetchImpl: respond(204) }),
    ).resolves.toBeUndefined();
  });
});

describe('errorMessage', () => {
  it('uses the error message or the fallback', () => {
    expect(errorMessage(new Error('Boom'))).toBe('Boom');
    expect(errorMessage('nope', 'Fallback')).toBe('Fallback');
  });
});
