import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { LightMyRequestResponse } from 'fastify';

/** The parts of an OpenAPI 3.1 document the contract test reads. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

export interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  /** The API token scope the operation needs, or `session-only` (absent where no credentials are taken). */
  'x-token-scope'?: string;
  'x-access'?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

export type JsonSchema = Record<string, unknown>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Judges answers against the document: the status must be one the operation lists, the media type one
 * its response lists (or no body where it lists none), and a JSON body must match the listed schema.
 */
export class DocumentedAnswers {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false });
  private readonly validators = new Map<object, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv.addFormat('uuid', UUID);
    this.ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)));
    this.ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
    this.ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
    this.ajv.addFormat('uri', (value: string) => URL.canParse(value));
    this.ajv.addFormat('binary', true);
  }

  operation(method: string, path: string): Operation {
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${path} is not in the document`);
    return operation;
  }

  /** Why the answer is not what the document describes, or null when it is. */
  problem(method: string, path: string, res: LightMyRequestResponse): string | null {
    const documented = this.operation(method, path).responses;
    const response = documented[String(res.statusCode)] ?? documented[`${String(res.statusCode)[0]}XX`];
    if (!response)
      return `status ${res.statusCode} is not documented (${Object.keys(documented).join(', ')})`;
    const mediaType = String(res.headers['content-type'] ?? '')
      .split(';')[0]
      ?.trim()
      .toLowerCase();
    const content = response.content;
    if (!content) {
      return res.rawPayload.length === 0
        ? null
        : `status ${res.statusCode} documents no body, got ${mediaType}`;
    }
    const listed = content[mediaType ?? ''];
    if (!listed)
      return `content type ${mediaType || '(none)'} is not documented for ${res.statusCode} (${Object.keys(content).join(', ')})`;
    if (mediaType !== 'application/json') return null;
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `status ${res.statusCode}: the body is not JSON`;
    }
    const validate = this.validator(listed.schema);
    if (validate(body)) return null;
    const first = validate.errors?.[0];
    return `status ${res.statusCode}: body does not match the schema at ${first?.instancePath || '/'}: ${first?.message}`;
  }

  private validator(schema: JsonSchema): ValidateFunction {
    let validate = this.validators.get(schema);
    if (!validate) {
      validate = this.ajv.compile(schema);
      this.validators.set(schema, validate);
    }
    return validate;
  }
}
