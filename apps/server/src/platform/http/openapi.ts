import { apiErrorSchema, ERROR_STATUS } from '@plumbline/contracts';
import { z } from 'zod';

/** What each error status means across the API, shown as the response's description. */
const errorMeanings: Record<number, string> = {
  400: 'The request is not valid: `validation_failed` (with `fields`) or `malformed_json`',
  401: 'No valid session: `unauthenticated`',
  403: 'Refused: the role is too low, the e-mail is unverified or the request came from another site',
  404: 'Not found, or not visible to the caller',
  409: 'Conflicts with the current state: see `error.code`',
  413: 'The request body is too large: `body_too_large`',
  415: 'The body is not in a media type this operation reads: `unsupported_media_type`',
  422: 'Understood but cannot be done: see `error.code`',
  429: 'Too many requests: retry after the `Retry-After` seconds',
  500: 'Failed on the server: `internal_error` with a `requestId`',
  502: 'An external service failed: see `error.code`',
  503: 'Not available now: see `error.code`',
};

/** The codes answered with a status, from the one table in packages/contracts. */
function codesOf(status: number): string {
  const codes = Object.entries(ERROR_STATUS).flatMap(([code, s]) => (s === status ? [`\`${code}\``] : []));
  return codes.length > 0 ? ` (codes with this status: ${codes.join(', ')})` : '';
}

/** The API error body, described for one status. */
export function errorResponseSchema(status: number) {
  return apiErrorSchema.describe(`${errorMeanings[status] ?? 'Refused: see `error.code`'}${codesOf(status)}`);
}

/** The error answers a route documents; every one has the API error body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema(status)])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

/** OpenAPI security of routes that need a session (either form). */
export const sessionSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];

/** A response body that is a file, not JSON: the OpenAPI `string`/`binary` schema. */
// Typed unknown: the handler sends a stream or a buffer, never a serialized value.
const fileBody = z.unknown().meta({ type: 'string', format: 'binary' });

/**
 * A response sent as one of these media types instead of JSON (downloads, exports). Documented per
 * media type, so the document says what the `content-type` header will be.
 */
export function fileResponse(description: string, ...mediaTypes: [string, ...string[]]) {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: fileBody }])),
  };
}

/** The media type of a spreadsheet download. */
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
