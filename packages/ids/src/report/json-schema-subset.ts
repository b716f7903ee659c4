/**
 * A small JSON Schema (2020-12) validator for the keywords `report-schema.json` uses, so tests can
 * hold the JSON reporter to its published schema without a heavy dependency. A keyword it does not
 * know is an error, never silently ignored: a schema edit that needs more must extend this file.
 */

type Schema = { readonly [keyword: string]: unknown };

const annotations = new Set(['$schema', '$id', 'title', 'description', '$defs']);
const assertions = new Set([
  'type',
  'enum',
  'const',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'minimum',
  'format',
  '$ref',
]);

/** Every place where `value` breaks `schema`, as "path: problem"; empty when it conforms. */
export function validateAgainstSchema(value: unknown, root: Schema): string[] {
  const errors: string[] = [];
  check(value, root, root, '$', errors);
  return errors;
}

function check(value: unknown, schema: Schema, root: Schema, path: string, errors: string[]): void {
  for (const keyword of Object.keys(schema)) {
    if (!annotations.has(keyword) && !assertions.has(keyword)) {
      throw new Error(`schema keyword '${keyword}' at ${path} is not supported by this validator`);
    }
  }
  if (typeof schema.$ref === 'string') {
    check(value, resolveRef(schema.$ref, root), root, path, errors);
  }
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    if (!allowed.some((type) => hasType(value, type))) {
      errors.push(`${path}: expected ${allowed.join(' or ')}, got ${typeName(value)}`);
      return;
    }
  }
  if ('const' in schema && !Object.is(value, schema.const)) {
    errors.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => Object.is(option, value))) {
    errors.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  }
  if (typeof schema.minimum === 'number' && typeof value === 'number' && value < schema.minimum) {
    errors.push(`${path}: ${value} is below the minimum ${schema.minimum}`);
  }
  if (schema.format === 'date-time' && typeof value === 'string' && !isDateTime(value)) {
    errors.push(`${path}: '${value}' is not an RFC 3339 date-time`);
  }
  if (Array.isArray(value)) checkArray(value, schema, root, path, errors);
  else if (isObject(value)) checkObject(value, schema, root, path, errors);
}

function checkArray(value: unknown[], schema: Schema, root: Schema, path: string, errors: string[]): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    errors.push(`${path}: expected at least ${schema.minItems} items, got ${value.length}`);
  }
  if (isObject(schema.items)) {
    const items = schema.items as Schema;
    value.forEach((item, index) => {
      check(item, items, root, `${path}[${index}]`, errors);
    });
  }
}

function checkObject(
  value: Record<string, unknown>,
  schema: Schema,
  root: Schema,
  path: string,
  errors: string[],
): void {
  const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, Schema>;
  for (const name of (schema.required as string[] | undefined) ?? []) {
    if (!(name in value)) errors.push(`${path}: missing required property '${name}'`);
  }
  for (const [name, child] of Object.entries(value)) {
    const childSchema = properties[name];
    if (childSchema) check(child, childSchema, root, `${path}.${name}`, errors);
    else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property '${name}'`);
  }
}

function resolveRef(ref: string, root: Schema): Schema {
  const match = /^#\/\$defs\/([^/]+)$/.exec(ref);
  const defs = root.$defs as Record<string, Schema> | undefined;
  const target = match ? defs?.[match[1]!] : undefined;
  if (!target) throw new Error(`cannot resolve $ref '${ref}'`);
  return target;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      throw new Error(`unknown JSON Schema type '${type}'`);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isDateTime(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(text) &&
    !Number.isNaN(Date.parse(text))
  );
}
