import type { Logger } from './logger';

/**
 * SIGTERM/SIGINT: run `close` once and exit 0 when it finishes. A second signal, or `close` taking
 * longer than the timeout plus a margin, exits at once with 1.
 */
/** Signals this close together are one request to stop (see below). */
const SAME_SIGNAL_MS = 1_000;

export function installShutdownHandlers(logger: Logger, timeoutMs: number, close: () => Promise<void>): void {
  let stopping = false;
  let firstAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // Ctrl-C under `npm start` arrives twice at once: from the terminal (same process group) and
      // forwarded by scripts/start.mjs. Only a later one means "stop now" (which would leave the
      // embedded database for the next start to adopt).
      if (Date.now() - firstAt < SAME_SIGNAL_MS) return;
      logger.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    firstAt = Date.now();
    logger.info({ signal }, 'shutting down: finishing requests and running jobs');
    const force = setTimeout(() => {
      logger.error('shutdown took too long: exiting');
      process.exit(1);
    }, timeoutMs + 5000);
    force.unref();
    close().then(
      () => {
        logger.info('shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
