import type { FastifyInstance } from 'fastify';
import { type JobDeps, jobDefinitions } from '../jobs';
import { createAccRuntime } from '../modules/acc/runtime';
import { createAccService, restoreAccSetup } from '../modules/acc/service';
import { createAiService } from '../modules/ai/service';
import { createAttributeService } from '../modules/attributes/service';
import { createAuditRecorder } from '../modules/audit/service';
import { createAuthService } from '../modules/auth/service';
import { createSignInThrottle } from '../modules/auth/throttle';
import { createHostedProvider } from '../modules/billing/payments/hosted';
import { createLedgerProvider } from '../modules/billing/payments/ledger';
import { createStripeGateway } from '../modules/billing/payments/stripe-gateway';
import { createBillingService } from '../modules/billing/service';
import { createStripeBilling } from '../modules/billing/stripe-billing';
import { createBimFileService } from '../modules/bimfiles/service';
import { createComplianceService } from '../modules/compliance/service';
import { createElementService } from '../modules/elements/service';
import { createHealthService } from '../modules/health/service';
import { createIdsFileService } from '../modules/idsfiles/service';
import { createInvitationService } from '../modules/members/invitations';
import { createMemberService } from '../modules/members/service';
import { createMetadataService } from '../modules/metadata/service';
import { createOutboxService } from '../modules/notifications/outbox';
import { createOverviewService } from '../modules/overview/service';
import { createProfileService } from '../modules/profile/service';
import { createProjectFilesService } from '../modules/projectfiles/service';
import { createProjectService } from '../modules/projects/service';
import { createRateCounter } from '../modules/ratelimit/counter';
import { createReportService } from '../modules/reports/service';
import {
  createPerformanceService,
  queueConcurrency,
  readPerformanceSettings,
} from '../modules/settings/performance';
import { createViewerService } from '../modules/viewer/service';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from './db';
import { buildApp } from './http/app';
import type { Logger } from './logger';
import { createSmtpMailer } from './mail';
import { carryOverPglite, pgliteDirBeside } from './pglite-carry-over';
import { JobQueue } from './queue';
import { LocalDiskStorage } from './storage/local-disk';
import { openStorage } from './storage/open-storage';
import type { FileStorage } from './storage/storage';
import { serverVersion } from './version';

export interface ServerOptions {
  config: Config;
  logger: Logger;
  /** drizzle-kit's output folder; entry points resolve it from their own location. */
  migrationsFolder: string;
  clock?: Clock;
  /** Overrides config.database (tests use a database of their own on the test server). */
  database?: DatabaseTarget;
}

export interface PlumblineServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  queue: JobQueue<JobDeps>;
  clock: Clock;
  storage: FileStorage;
  listen(): Promise<string>;
  /** Stops accepting, finishes in-flight requests, stops the queue (running jobs finish), closes the database. */
  close(): Promise<void>;
}

/** Opens the database, migrates it, starts the job queue (and in-process workers) and builds the HTTP app. */
export async function createServer(options: ServerOptions): Promise<PlumblineServer> {
  const { config, logger } = options;
  const clock = options.clock ?? systemClock;
  const target: DatabaseTarget = options.database ?? config.database;
  const database = await openDatabase(target);
  const storage: FileStorage = openStorage(config.storage);
  if (storage instanceof LocalDiskStorage) {
    // Uploads a killed process left half-written: older than this process, so nobody is writing them.
    // (In a bucket, the lifecycle rule of docs/scaling.md removes a killed upload's parts.)
    const staleTemporaries = await storage.removeStaleTemporaries(new Date(performance.timeOrigin));
    if (staleTemporaries > 0) logger.info({ removed: staleTemporaries }, 'stale upload temporaries removed');
  }
  const stripeConfig = config.billing.stripe;
  const payments = stripeConfig
    ? createHostedProvider(
        stripeConfig.secretKey.startsWith('sk_test_') || stripeConfig.secretKey.startsWith('rk_test_'),
      )
    : createLedgerProvider();
  let queue: JobQueue<JobDeps> | null = null;
  const acc = createAccRuntime(config, database.db, clock);
  try {
    await database.migrate(options.migrationsFolder);
    queue = await JobQueue.start<JobDeps>(database, jobDefinitions, {
      pollIntervalSeconds: config.queuePollIntervalSeconds,
      logger: logger.child({ component: 'queue' }),
    });
    // Before the embedded PostgreSQL the default kept its data in PGlite: copied over once.
    if (target.kind === 'embedded') {
      await carryOverPglite(pgliteDirBeside(target.dir), database.url, options.migrationsFolder, logger);
    }
    if (config.workerMode === 'in-process') {
      await queue.startWorkers(
        {
          db: database.db,
          clock,
          logger: logger.child({ component: 'worker' }),
          storage,
          jobs: queue,
          billing: { enabled: config.billing.enabled, provider: payments },
          ai: config.ai,
          acc,
          timeLimitMs: config.processingTimeLimitMs,
          mailer: config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : null,
        },
        queueConcurrency(await readPerformanceSettings(database.db)),
      );
    }
  } catch (error) {
    await queue?.stop(1000).catch(() => {});
    await database.close().catch(() => {});
    throw error;
  }
  const jobs = queue;
  const { db } = database;
  const audit = createAuditRecorder(jobs, clock);
  const rateCounter = createRateCounter({ db, clock });
  const accService = createAccService({ db, clock, jobs, audit, connector: acc?.connector ?? null });
  const billing = createBillingService({
    db,
    clock,
    audit,
    provider: payments,
    enabled: config.billing.enabled,
    jobs,
    stripe:
      stripeConfig && config.publicUrl
        ? createStripeBilling({
            db,
            clock,
            audit,
            publicUrl: config.publicUrl,
            restoreSetup: acc ? restoreAccSetup(accService) : null,
            gateway: createStripeGateway({
              secretKey: stripeConfig.secretKey,
              webhookSecret: stripeConfig.webhookSecret,
              apiBase: stripeConfig.apiBase ?? undefined,
            }),
          })
        : null,
  });
  // Links in mails: PUBLIC_URL, else this server on localhost; never a request's Host header, which a
  // caller chooses (a verification link pointing elsewhere would hand its token to that host).
  const appUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const app = await buildApp(
    config,
    {
      acc: accService,
      auth: createAuthService({
        db,
        clock,
        audit,
        jobs,
        appUrl,
        throttle: createSignInThrottle({
          windowSeconds: config.authRateLimit.windowSeconds,
          perAccount: config.authRateLimit.perAccount,
          perAddress: config.authRateLimit.perIp,
        }),
      }),
      projects: createProjectService({ db, clock, audit }),
      members: createMemberService({ db, clock, audit, jobs, appUrl, limits: billing.enforcement }),
      invitations: createInvitationService({ db, clock, audit, limits: billing.enforcement }),
      billing,
      bimFiles: createBimFileService({
        db,
        clock,
        storage,
        jobs,
        audit,
        maxUploadBytes: config.maxUploadBytes,
        limits: billing.enforcement,
      }),
      idsFiles: createIdsFileService({ db, clock, storage, jobs, audit }),
      attributes: createAttributeService({ db, clock, storage, jobs, audit }),
      ai: createAiService({ db, model: config.ai, logger: logger.child({ component: 'assistant' }) }),
      viewer: createViewerService({ db, clock, storage, jobs }),
      compliance: createComplianceService({ db }),
      elements: createElementService({ db, storage }),
      metadata: createMetadataService({ db, clock, rateCounter }),
      rateCounter,
      overview: createOverviewService({ db }),
      profile: createProfileService({ db, clock }),
      outbox: createOutboxService({ db }),
      performance: createPerformanceService({
        db,
        clock,
        apply: (queueName, workers) =>
          config.workerMode === 'in-process' ? jobs.setConcurrency(queueName, workers) : Promise.resolve(),
      }),
      reports: createReportService({
        db,
        clock,
        storage,
        jobs,
        audit,
        limits: billing.enforcement,
        secret: config.sessionSecret,
      }),
      projectFiles: createProjectFilesService({
        db,
        clock,
        storage,
        jobs,
        audit,
        limits: billing.enforcement,
        acc: acc ? accService : null,
      }),
      health: createHealthService({ database, queue: jobs, version: serverVersion, startedAt: Date.now() }),
    },
    logger,
  );

  // While shutting down, answers tell keep-alive clients to hang up, so in-flight requests finish
  // and their connections close instead of holding the server open until the keep-alive timeout.
  let shuttingDown = false;
  app.addHook('onSend', async (_request, reply) => {
    if (shuttingDown) reply.header('connection', 'close');
  });

  let closing: Promise<void> | null = null;
  return {
    app,
    database,
    queue: jobs,
    clock,
    storage,
    listen: () => app.listen({ port: config.port, host: config.host }),
    close() {
      closing ??= (async () => {
        shuttingDown = true;
        try {
          await app.close();
          logger.info('http server closed');
        } finally {
          try {
            await jobs.stop(config.shutdownTimeoutMs);
            logger.info('job queue stopped');
          } finally {
            storage.close?.();
            await database.close();
            logger.info('database closed');
          }
        }
      })();
      return closing;
    },
  };
}
