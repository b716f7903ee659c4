import type { ApiError } from '@plumbline/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, type FieldMessage, HttpError } from '../errors';
import { isServerMessageId, type Locale, render, requestLocale } from '../i18n';

/**
 * One mapping from anything thrown to the API's error body. Known errors keep their code and user
 * message; anything else is logged in full and answered with a generic 500 and the request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: withoutQueryParameters(error) }, 'request failed');
    } else {
      request.log.info({ code: appError.code, status: appError.status }, appError.message);
    }
    return sendError(reply, request, appError);
  });
}

/**
 * Errors Fastify answers before any route is found (a malformed URL, a path parameter longer than the
 * router takes), given the API's error body instead of Fastify's own. A parameter too long names
 * nothing, as a malformed one does (404).
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const appError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new HttpError('not_found')
      : error.code === 'FST_ERR_BAD_URL'
        ? new HttpError('bad_request', { messageId: 'error.bad_request.url' })
        : new HttpError('internal_error');
  return sendError(reply, request, appError);
}

/**
 * The error body, its messages rendered in the request's language (Accept-Language, else the profile's;
 * platform/i18n.ts); the message id and parameters go with them, for the web app to render in its own.
 */
export function sendError(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  const locale = requestLocale(request);
  const fields = error.fields
    ? Object.fromEntries(
        Object.entries(error.fields).map(([path, field]) => [path, fieldText(locale, field)]),
      )
    : undefined;
  const message = error.detail
    ? fieldText(locale, error.detail)
    : render(locale, error.messageId, error.params);
  const body: ApiError = { error: { code: error.code, message, messageId: error.messageId } };
  if (Object.keys(error.params).length > 0) body.error.params = error.params;
  if (fields) body.error.fields = fields;
  if (error.status >= 500) body.error.requestId = String(request.id);
  if (error.headers) reply.headers(error.headers);
  return reply.status(error.status).send(body);
}

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return fromValidation(error);
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError('malformed_json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError('validation_failed', { messageId: 'error.validation_failed.json_body_required' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError('body_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError('unsupported_media_type');
  }
  // Fastify's own client errors (bad headers, wrong content length...) carry safe messages, in
  // English only; each code has one status (packages/contracts ERROR_STATUS), so they all answer as a
  // bad request.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new HttpError('bad_request', { detail: { text: error.message } });
  }
  return new HttpError('internal_error');
}

function fromValidation(
  error: Parameters<typeof hasZodFastifySchemaValidationErrors>[0] & {
    validation: {
      instancePath: string;
      message?: string;
      keyword?: string;
      params?: Record<string, unknown>;
    }[];
    validationContext?: string;
  },
): AppError {
  const fields: Record<string, FieldMessage> = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const message = issue.message ?? 'Invalid value';
    // A missing body fails at the root with zod's generic wording: say what is wanted instead.
    const field: FieldMessage =
      path === '' && /received undefined/.test(message)
        ? { id: 'error.validation_failed.json_body_required' }
        : isServerMessageId(message)
          ? { id: message as never }
          : { text: message, issue: { ...issue.params, code: issue.keyword, message } };
    fields[path || '_'] ??= field;
  }
  const first = Object.values(fields)[0];
  // The code's message id is the first field's when a schema worded it (the web renders it so).
  const messageId = first && 'id' in first ? first.id : undefined;
  // A malformed id in the path names something that does not exist.
  if (error.validationContext === 'params') return new HttpError('not_found', { messageId, detail: first });
  return new HttpError('validation_failed', { messageId, fields, detail: first });
}

const ZOD_LOCALES = { de: z.locales.de, fr: z.locales.fr, nl: z.locales.nl } as const;

/** A field's problem in a locale: our message, or zod's own check in zod's wording for the locale. */
function fieldText(locale: Locale, field: FieldMessage): string {
  if ('id' in field) return render(locale, field.id, field.params);
  if (locale === 'en' || !field.issue) return field.text;
  const localeError = ZOD_LOCALES[locale]().localeError as (
    issue: unknown,
  ) => string | { message: string } | undefined;
  const worded = localeError(field.issue);
  return (typeof worded === 'string' ? worded : worded?.message) ?? field.text;
}

/**
 * A database error as it may be logged: Drizzle puts the query's parameters (a new user's password
 * hash, a token) into its message; they are cut, and the SQL text stays for the operator (issue 16).
 */
export function withoutQueryParameters(error: Error): Error {
  const cut = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [not logged]');
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    current.message = cut(current.message);
    if (current.stack) current.stack = cut(current.stack);
    // An AppError's `params` are its message's parameters, sent to the caller: only a driver's go.
    for (const key of ['params', 'parameters'] as const) {
      if (key in current && !(current instanceof AppError))
        (current as unknown as Record<string, unknown>)[key] = '[not logged]';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return error;
}
