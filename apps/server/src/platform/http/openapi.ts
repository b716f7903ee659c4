import { apiErrorSchema } from '@plumbline/contracts';

/** The error answers a route documents; every one has the API error body. */
export function errorResponses<const S extends readonly number[]>(...statuses: S) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S[number]]: typeof apiErrorSchema;
  };
}

/** OpenAPI security of routes that need a session (either form). */
export const sessionSecurity: Array<Record<string, string[]>> = [{ bearerAuth: [] }, { sessionCookie: [] }];
