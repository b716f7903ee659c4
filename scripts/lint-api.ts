// `npm run lint:api`: builds the OpenAPI document from the server's routes and lints it with Redocly
// (redocly.yaml), then checks what Redocly does not: every operation has an operationId.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../apps/server/src/openapi-document';

const document = await buildOpenApiDocument();
const file = join(mkdtempSync(join(tmpdir(), 'plumbline-lint-api-')), 'openapi.json');
writeFileSync(file, JSON.stringify(document, null, 2));
console.info(`OpenAPI document: ${file}`);
const result = spawnSync(
  'npx',
  ['redocly', 'lint', file, '--format', process.env.LINT_FORMAT ?? 'codeframe'],
  {
    stdio: 'inherit',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
process.exit(result.status ?? 1);
