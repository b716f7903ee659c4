// `npm run gen:api`: writes apps/web/src/lib/api/generated/schema.d.ts from the server's routes.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_SCHEMA_FILE, generateApiSchema } from './api-schema';

writeFileSync(API_SCHEMA_FILE, await generateApiSchema());
console.info(`Wrote ${fileURLToPath(API_SCHEMA_FILE)}`);
