import { apiErrorSchema, type ErrorCode, isErrorCode, type MessageParams } from '@plumbline/contracts';
import { t } from '../i18n/store';

/** Codes the client itself produces when the server gave no API error body. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  http: 'HTTP_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
} as const;

/**
 * A failed API call: the server's code, the id and parameters of its message (rendered in the page's
 * language by `errorMessage`), the message as the server wrote it, and the HTTP status (0 = no response).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly messageId: string | undefined;
  readonly params: MessageParams;
  readonly requestId: string | undefined;
  readonly fields: Record<string, string>;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    messageId?: string | undefined;
    params?: MessageParams | undefined;
    requestId?: string | undefined;
    fields?: Record<string, string> | undefined;
  }) {
    super(init.message);
    this.name = 'ApiRequestError';
    this.status = init.status;
    this.code = init.code;
    this.messageId = init.messageId;
    this.params = init.params ?? {};
    this.requestId = init.requestId;
    this.fields = init.fields ?? {};
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

/**
 * The server's code of a failed call, as one of the codes in packages/contracts (ERROR_STATUS), or
 * null. Switch on this rather than on `code` or the message: a code the server does not send fails
 * the type check.
 */
export function errorCodeOf(error: unknown): ErrorCode | null {
  return error instanceof ApiRequestError && isErrorCode(error.code) ? error.code : null;
}

/** Builds the error for a non-2xx response from its status and (possibly empty or non-JSON) body. */
export function errorFromResponse(status: number, statusText: string, body: unknown): ApiRequestError {
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, messageId, params, requestId, fields } = parsed.data.error;
    return new ApiRequestError({ status, code, message, messageId, params, requestId, fields });
  }
  const reason = statusText ? `${status} ${statusText}` : String(status);
  return new ApiRequestError({
    status,
    code: CLIENT_ERROR_CODES.http,
    message: `Request failed with status ${reason}. Please try again.`,
    messageId: 'error.http',
    params: { status: reason },
  });
}

export function networkError(cause: unknown): ApiRequestError {
  const error = new ApiRequestError({
    status: 0,
    code: CLIENT_ERROR_CODES.network,
    message: 'Unable to reach the server. Check your connection and try again.',
    messageId: 'error.network',
  });
  error.cause = cause;
  return error;
}

/**
 * The message to show a person for any thrown value, in the page's language: an API error rendered
 * from its message id and parameters (the `contracts` catalogue), else the text the server wrote (in
 * the language the request asked for), else the fallback.
 */
export function errorMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiRequestError && error.messageId && t.has(error.messageId)) {
    return t(error.messageId, error.params);
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback ?? (t.has('error.unexpected') ? t('error.unexpected') : 'An unexpected error occurred');
}
