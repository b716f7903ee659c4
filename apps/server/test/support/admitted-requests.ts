import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { JsonSchema, Operation } from './documented-answer';
import type { RouteRequest } from './route-requests';

/**
 * Requests the OpenAPI document admits (issue 37 item 5): the contract test completes each valid
 * request with a value the document admits for every required parameter it lacks, and judges whether
 * a request conforms to the document, so that an answer refusing a conforming request as malformed
 * (400 `validation_failed`) is found: the document said the request was fine.
 */
const ajv = new Ajv2020({ strict: false, allErrors: false, coerceTypes: true });
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
ajv.addFormat('uri', (value: string) => URL.canParse(value));
ajv.addFormat('binary', true);
const compiled = new Map<object, ValidateFunction>();

function admits(schema: JsonSchema, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  // Coercion may rewrite the value in place: judge a copy.
  return validate(structuredClone(value));
}

/** Candidate values tried in order; the first the schema admits is used. */
const CANDIDATES = [
  'matrix-admitted-value-0000',
  '00000000-0000-4000-8000-000000000000',
  '1',
  'true',
  'x',
  'matrix',
];

/** A value of a query or path parameter the document admits, or null when none of ours is. */
export function admittedValue(schema: JsonSchema): string | null {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return String(schema.enum[0]);
  for (const candidate of CANDIDATES) if (admits(schema, candidate)) return candidate;
  if (typeof schema.minLength === 'number') {
    const long = 'x'.repeat(schema.minLength);
    if (admits(schema, long)) return long;
  }
  return null;
}

/** The request with an admitted value for every required query parameter it does not send. */
export function completed(operation: Operation, request: RouteRequest): RouteRequest {
  const missing = (operation.parameters ?? []).filter(
    (p) => p.in === 'query' && p.required && request.query?.[p.name] === undefined,
  );
  if (missing.length === 0) return request;
  const query = { ...request.query };
  for (const parameter of missing) {
    const value = admittedValue(parameter.schema);
    if (value !== null) query[parameter.name] = value;
  }
  return { ...request, query };
}

/**
 * Whether the document admits the request as sent: every path and query parameter by its schema,
 * required ones present, and a JSON body by the body's schema (a multipart upload is taken as sent).
 */
export function conforms(
  operation: Operation,
  request: RouteRequest,
  params: Record<string, string | number>,
  raw: unknown,
): boolean {
  if (raw !== undefined) return false;
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const value = parameter.in === 'path' ? params[parameter.name] : request.query?.[parameter.name];
    if (value === undefined) {
      if (parameter.required || parameter.in === 'path') return false;
      continue;
    }
    if (!admits(parameter.schema, String(value))) return false;
  }
  const json = operation.requestBody?.content['application/json']?.schema;
  if (request.file) return Boolean(operation.requestBody?.content['multipart/form-data']);
  if (request.payload === undefined) return !json || !operation.requestBody;
  return json ? admits(json, request.payload) : false;
}
