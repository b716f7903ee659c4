// `npm start` runs this (bundled to dist/main.js): migrate the database, start the job queue with
// in-process workers (unless WORKER_MODE=none), serve the API and the web app.
import { fileURLToPath } from 'node:url';
import { setMaxIdsMb } from '@plumbline/ids/ids-size-limit';
import { createServer } from './app';
import { startDemoSeeding } from './modules/demo/service';
import { ConfigError, loadConfig } from './platform/config';
import { DataDirLockedError } from './platform/data-dir-lock';
import { EmbeddedPostgresError } from './platform/embedded-postgres';
import { createLogger } from './platform/logger';
import { CarryOverError } from './platform/pglite-carry-over';
import { installShutdownHandlers } from './platform/shutdown';

// Both resolve the same from src/ (tsx) and dist/ (bundle): each is one level below apps/server.
const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));
const demoIdsPath = fileURLToPath(new URL('../src/modules/demo/demo.ids', import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig(process.env, { defaultWebDistDir });
  setMaxIdsMb(config.maxIdsMb);
  const logger = createLogger(config.logLevel);
  // A fresh embedded database takes a moment (initdb, migrations): say so.
  logger.info({ dataDir: config.dataDir }, 'Opening the database and applying migrations…');
  const server = await createServer({ config, logger, migrationsFolder });
  let demoSeeding: Promise<void> = Promise.resolve();
  // Shutdown lets a running demo seeding finish its transaction before the database closes.
  installShutdownHandlers(logger, config.shutdownTimeoutMs, () => demoSeeding.then(() => server.close()));
  const address = await server.listen();
  if (config.demoSeed) {
    const { database, clock, storage, queue } = server;
    demoSeeding = startDemoSeeding({
      db: database.db,
      clock,
      storage,
      jobs: queue,
      logger,
      idsPath: demoIdsPath,
    });
  }
  logger.info(
    { address, database: server.database.kind, workers: config.workerMode, web: config.webDistDir },
    `Plumbline is listening on ${config.publicUrl ?? address}`,
  );
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof CarryOverError
  ) {
    console.error(error.message);
  } else {
    console.error('Plumbline could not start:', error);
  }
  process.exit(1);
});
