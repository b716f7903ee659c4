import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_SCHEMA_FILE, generateApiSchema } from './api-schema';

describe('the web API types', () => {
  it('match the OpenAPI document of the server as its routes are now (run `npm run gen:api` if not)', async () => {
    const committed = readFileSync(API_SCHEMA_FILE, 'utf8');
    expect(
      committed === (await generateApiSchema()),
      'apps/web/src/lib/api/generated/schema.d.ts is stale: run `npm run gen:api`',
    ).toBe(true);
  });
});
