import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** report-schema.json, the published schema of `plumbline check --format json`. */
export const reportSchema = JSON.parse(
  readFileSync(new URL('../report-schema.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
// The validity member (plumbline check --validate) is the validity package's own schema.
ajv.addSchema(
  JSON.parse(readFileSync(new URL('../../validity/report-schema.json', import.meta.url), 'utf8')),
);
const validate = ajv.compile(reportSchema);

/** Every place where `value` breaks report-schema.json, as "<JSON pointer> <keyword>"; empty when it conforms. */
export function reportSchemaErrors(value: unknown): string[] {
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.keyword}`);
}
