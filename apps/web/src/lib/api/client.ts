import type { z } from 'zod';
import { currentLocale } from '../i18n/store';
import { API_BASE } from './base';
import { takeEarlyResponse } from './early-responses';
import { ApiRequestError, CLIENT_ERROR_CODES, errorFromResponse, networkError } from './errors';
import type { ApiAddress } from './paths';

export { API_BASE };

type UnauthorizedHandler = (error: ApiRequestError) => void;
let unauthorizedHandler: UnauthorizedHandler | undefined;

/** Registers what happens when any call answers 401 (the app clears its cache and goes to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void {
  unauthorizedHandler = handler;
}

export interface ApiRequestOptions<TSchema extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Validates the response body; a mismatch is reported as INVALID_RESPONSE rather than failing later. */
  schema?: TSchema;
  signal?: AbortSignal | undefined;
  /**
   * Whether a 401 triggers the global sign-out redirect. Off for calls where 401 is an expected answer
   * (reading the session, signing in with a wrong password).
   */
  redirectOnUnauthorized?: boolean;
  fetchImpl?: typeof fetch;
}

type Result<TSchema> = TSchema extends z.ZodType ? z.output<TSchema> : unknown;

/**
 * Calls the Plumbline API at an address `apiPath` made (typed by the OpenAPI document; a plain
 * string is refused by the typecheck). The session travels in the httpOnly `plumbline_session` cookie, so requests are
 * same-origin with credentials; the token is never read or stored by this code.
 */
export async function apiRequest<TSchema extends z.ZodType | undefined = undefined>(
  path: ApiAddress,
  options: ApiRequestOptions<TSchema> = {},
): Promise<Result<TSchema>> {
  const { method = 'GET', body, schema, signal, redirectOnUnauthorized = true } = options;
  const fetchImpl = options.fetchImpl ?? fetch;
  // The server writes its messages (an error's `message`, texts it renders) in the page's language.
  const locale = currentLocale();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': locale === 'en-XA' ? 'en' : locale,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';

  // A first view's GET may already be on its way (early-responses.ts); it is the same request.
  const early = method === 'GET' && !options.fetchImpl ? takeEarlyResponse(path) : undefined;
  let response: Response;
  try {
    response = await (early ??
      fetchImpl(`${API_BASE}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
        signal,
      }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw networkError(cause);
  }

  const payload = await readBody(response);
  if (!response.ok) {
    const error = errorFromResponse(response.status, response.statusText, payload);
    if (error.isUnauthorized && redirectOnUnauthorized) unauthorizedHandler?.(error);
    throw error;
  }
  if (!schema) return payload as Result<TSchema>;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError({
      status: response.status,
      code: CLIENT_ERROR_CODES.invalidResponse,
      message: 'The server sent an unexpected response. Please refresh the page.',
      messageId: 'error.invalid_response',
    });
  }
  return parsed.data as Result<TSchema>;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
