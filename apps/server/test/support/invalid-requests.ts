import type { JsonSchema, Operation } from './documented-answer';
import type { RouteRequest } from './route-requests';

/** A request that breaks the operation's schema in one place, and what it breaks. */
export interface InvalidRequest {
  what: string;
  request: RouteRequest;
  raw?: { contentType: string; payload: string };
}

/** A value a query or path parameter with this schema refuses, or null when any text is accepted. */
export function refusedValue(schema: JsonSchema): string | null {
  const types = new Set([schema.type].flat());
  if (types.has('integer') || types.has('number')) return 'not-a-number';
  if (types.has('boolean')) return 'maybe';
  if (Array.isArray(schema.enum)) return 'not-one-of-the-options';
  if (schema.format === 'uuid' || typeof schema.pattern === 'string') return 'not a uuid!';
  if (typeof schema.maxLength === 'number') return 'x'.repeat(schema.maxLength + 1);
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (Array.isArray(options)) {
      const values = options.map((option) => refusedValue(option as JsonSchema));
      // Refused by every option only when all agree on one refused value.
      if (values.every((value) => value !== null && value === values[0])) return values[0] ?? null;
    }
  }
  return null;
}

/**
 * Requests generated from the operation's schemas, each invalid in one way: a malformed path
 * parameter, a query parameter of the wrong type, a body missing a required field, a body of the
 * wrong type, a body that is not JSON.
 */
export function invalidRequests(operation: Operation, valid: RouteRequest): InvalidRequest[] {
  const out: InvalidRequest[] = [];
  for (const parameter of operation.parameters ?? []) {
    const refused = refusedValue(parameter.schema);
    if (refused === null) continue;
    if (parameter.in === 'path') {
      out.push({
        what: `path {${parameter.name}} = ${JSON.stringify(refused)}`,
        request: { ...valid, params: { ...valid.params, [parameter.name]: refused } },
      });
    } else if (parameter.in === 'query') {
      out.push({
        what: `query ${parameter.name} = ${JSON.stringify(refused)}`,
        request: { ...valid, query: { ...valid.query, [parameter.name]: refused } },
      });
    }
  }
  const json = operation.requestBody?.content['application/json']?.schema;
  if (json) {
    const required = Array.isArray(json.required) ? (json.required as string[]) : [];
    const payload = (valid.payload ?? {}) as Record<string, unknown>;
    if (required[0] !== undefined && typeof payload === 'object') {
      const { [required[0]]: _dropped, ...rest } = payload;
      out.push({
        what: `body without ${required[0]}`,
        request: { ...valid, file: undefined, payload: rest },
      });
    }
    out.push({ what: 'body of the wrong type', request: { ...valid, file: undefined, payload: [42] } });
  }
  if (operation.requestBody) {
    out.push({
      what: 'body that is not JSON',
      request: { ...valid, file: undefined, payload: undefined },
      raw: { contentType: 'application/json', payload: '{"unterminated' },
    });
    out.push({
      what: 'body in an unread media type',
      request: { ...valid, file: undefined, payload: undefined },
      raw: { contentType: 'text/plain', payload: 'plain text' },
    });
  }
  return out;
}
