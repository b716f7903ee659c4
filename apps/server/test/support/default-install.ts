import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type PlumblineServer } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logger';
import { migrationsFolder } from './paths';

/** A fresh DATA_DIR the embedded database's own account can reach (mkdtemp makes it 0700; run as root). */
export function embeddedDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}

/** The server as the default installation runs it: the embedded PostgreSQL in `dataDir`, no demo. */
export function startOnDataDir(dataDir: string): Promise<PlumblineServer> {
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'silent',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
      DEMO_SEED: 'false',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    },
    { defaultWebDistDir: join(dataDir, 'no-web-build') },
  );
  return createServer({ config, logger: createLogger('silent'), migrationsFolder });
}
