import { afterEach, vi } from 'vitest';

/** One answer of the mocked API: a JSON body with a status, or a whole Response (a stream, say). */
export type MockAnswer = { status?: number; body?: unknown } | Response;
type Handler = (request: {
  url: URL;
  method: string;
  body: unknown;
  /** The request's abort signal: a handler that never answers can end as an aborted fetch does. */
  signal: AbortSignal | null;
}) => MockAnswer | Promise<MockAnswer>;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Mocks the API at the fetch boundary: each route is 'METHOD /path' (after /api/v1, without the query),
 * and an unknown route answers 404 so a missing mock fails loudly. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Handler | MockAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const body = text ? JSON.parse(text) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    const signal = init?.signal ?? (input instanceof Request ? input.signal : null);
    const answer = typeof route === 'function' ? await route({ url, method, body, signal }) : route;
    if (answer === undefined)
      return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
    if (answer instanceof Response) return answer;
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * Uploads go by XMLHttpRequest (for their progress): this stand-in records each one ('POST /path' with the
 * file's name) and leaves it pending, so a test sees the upload start and no request leaves the process.
 */
export function mockUploads(): string[] {
  const uploads: string[] = [];
  class PendingUpload {
    upload = {};
    withCredentials = false;
    private target = '';
    open(method: string, url: string) {
      this.target = `${method} ${url.replace(/^\/api\/v1/, '')}`;
    }
    setRequestHeader() {}
    abort() {}
    send(body: FormData) {
      const file = body.get('file');
      uploads.push(`${this.target} ${file instanceof File ? file.name : ''}`);
    }
  }
  vi.stubGlobal('XMLHttpRequest', PendingUpload);
  return uploads;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function jsonResponse(status: number, body: unknown): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
