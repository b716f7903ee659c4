import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppServices, moduleRoutes } from './app';
import { loadConfig } from './platform/config';
import { buildApp } from './platform/http/app';
import { createLogger } from './platform/logger';

/**
 * The OpenAPI document exactly as `/api/docs/json` serves it, built without a database: the routes
 * only reach their services when called, so services that are never called stand in for them.
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-openapi-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, SESSION_SECRET: 'openapi-document-secret-0123456789abcdef', LOG_LEVEL: 'silent' },
    { defaultWebDistDir: join(dataDir, 'no-web-build') },
  );
  const uncalled: AppServices = new Proxy({} as AppServices, {
    get: () => new Proxy({}, { get: (_, name) => (name === 'enabled' ? false : undefined) }),
  });
  const app = await buildApp(
    config,
    { authenticate: async () => null, routes: moduleRoutes(config, uncalled) },
    createLogger('silent'),
  );
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return document;
}
