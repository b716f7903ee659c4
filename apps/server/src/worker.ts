// `npm run worker` runs this (bundled to dist/worker.js): job workers only, no HTTP. Several of
// these can share one PostgreSQL database with API processes started with WORKER_MODE=none.

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setMaxIdsMb } from '@plumbline/ids/ids-size-limit';
import { type JobDeps, jobDefinitions } from './jobs';
import { createAccRuntime } from './modules/acc/runtime';
import { createLedgerProvider } from './modules/billing/payments/ledger';
import { createExplorerStore } from './modules/metadata/explorer-store-factory';
import { queueConcurrency, readPerformanceSettings } from './modules/settings/performance';
import { createStringSeal } from './modules/webhooks';
import { systemClock } from './platform/clock';
import { openColumnarEngine } from './platform/columnar-engine';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db';
import { createLogger } from './platform/logger';
import { createSmtpMailer } from './platform/mail';
import { JobQueue } from './platform/queue';
import { installShutdownHandlers } from './platform/shutdown';
import { openStorage } from './platform/storage/open-storage';

const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, { defaultWebDistDir });
  setMaxIdsMb(config.maxIdsMb);
  if (config.database.kind !== 'postgres') {
    throw new ConfigError(
      'A separate worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the one process that ' +
        'started it. Without DATABASE_URL, `npm start` already runs the workers in-process.',
    );
  }
  const logger = createLogger(config.logLevel).child({ component: 'worker' });
  const database = await openDatabase(config.database);
  await database.migrate(migrationsFolder);
  const queue = await JobQueue.start<JobDeps>(database, jobDefinitions, {
    pollIntervalSeconds: config.queuePollIntervalSeconds,
    memoryBudgetBytes: config.workerMemoryBytes,
    logger,
  });
  // Separate workers share the API's files: the same STORAGE_URL bucket (or, on local disk, the same
  // DATA_DIR volume).
  const storage = openStorage(config.storage);
  const columnar = config.explorerStore === 'columnar' ? openColumnarEngine(config) : undefined;
  const explorer = createExplorerStore({
    db: database.db,
    storage,
    columnar,
    workDir: join(config.dataDir, 'columnar', 'load'),
    cacheBytes: config.explorerCacheBytes,
  });
  await queue.startWorkers(
    {
      db: database.db,
      clock: systemClock,
      logger,
      storage,
      jobs: queue,
      billing: { enabled: config.billing.enabled, provider: createLedgerProvider() },
      ai: config.ai,
      timeLimitMs: config.processingTimeLimitMs,
      columnar,
      explorer,
      acc: createAccRuntime(config, database.db, systemClock),
      mailer: config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : null,
      appUrl: config.publicUrl ?? `http://localhost:${config.port}`,
      webhooks: { config: config.webhooks, seal: createStringSeal(config.sessionSecret) },
    },
    queueConcurrency(await readPerformanceSettings(database.db)),
  );
  installShutdownHandlers(logger, config.shutdownTimeoutMs, async () => {
    try {
      await queue.stop(config.shutdownTimeoutMs);
    } finally {
      storage.close?.();
      columnar?.close();
      await database.close();
    }
  });
  logger.info({ jobs: jobDefinitions.map((definition) => definition.name) }, 'Plumbline worker started');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
