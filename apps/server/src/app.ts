// Over 500 lines: the composition root wires every module's services, routes and job deps here.
// The composition root: the one place that knows every module. It opens the platform (database, queue,
// storage), creates each module's service, and hands the HTTP app the modules' routes (moduleRoutes) and
// the queue the job handlers (src/jobs/index.ts). The platform imports no module (decision 0174).
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type JobDeps, jobDefinitions } from './jobs';
import { apsEventRoutes } from './modules/acc/hooks-routes';
import { accProjectSetup, restoreAccSetup } from './modules/acc/project-setup';
import { accRoutes } from './modules/acc/routes';
import { createAccRuntime } from './modules/acc/runtime';
import { type AccService, createAccService } from './modules/acc/service';
import { createVersionHooks, type VersionHooks } from './modules/acc/version-hooks';
import { aiRoutes } from './modules/ai/routes';
import type { AiService } from './modules/ai/service';
import { createAiService } from './modules/ai/service';
import { attributeRoutes } from './modules/attributes/routes';
import type { AttributeService } from './modules/attributes/service';
import { createAttributeService } from './modules/attributes/service';
import { type AuditReader, createAuditReader } from './modules/audit/reader';
import { auditRoutes } from './modules/audit/routes';
import { createAuditRecorder } from './modules/audit/service';
import { createOidcClient } from './modules/auth/oidc-client';
import { authRoutes } from './modules/auth/routes';
import type { AuthService } from './modules/auth/service';
import { createAuthService } from './modules/auth/service';
import { createSsoService, type SsoService } from './modules/auth/sso';
import { ssoRoutes } from './modules/auth/sso-routes';
import { recordSignInSettings } from './modules/auth/sso-settings';
import { createSignInThrottle } from './modules/auth/throttle';
import { createLedgerProvider } from './modules/billing/payments/ledger';
import { chargeNothing, createStripeProvider } from './modules/billing/payments/stripe';
import { createStripeGateway } from './modules/billing/payments/stripe-gateway';
import { billingRoutes, stripeWebhookRoutes } from './modules/billing/routes';
import type { BillingService } from './modules/billing/service';
import { createBillingService } from './modules/billing/service';
import { createStripeBilling } from './modules/billing/stripe-billing';
import { bimFileRoutes } from './modules/bimfiles/routes';
import type { BimFileService } from './modules/bimfiles/service';
import { createBimFileService } from './modules/bimfiles/service';
import { complianceRoutes } from './modules/compliance/routes';
import type { ComplianceService } from './modules/compliance/service';
import { createComplianceService } from './modules/compliance/service';
import { elementRoutes } from './modules/elements/routes';
import type { ElementService } from './modules/elements/service';
import { createElementService } from './modules/elements/service';
import { healthRoutes } from './modules/health/routes';
import type { HealthService } from './modules/health/service';
import { createHealthService } from './modules/health/service';
import { createHistoryService, type HistoryService, historyRoutes } from './modules/history';
import { idsFileRoutes } from './modules/idsfiles/routes';
import type { IdsFileService } from './modules/idsfiles/service';
import { createIdsFileService } from './modules/idsfiles/service';
import { idsStudioRoutes } from './modules/idsstudio/routes';
import { createIdsStudioService, type IdsStudioService } from './modules/idsstudio/service';
import { invitationRoutes } from './modules/members/invitation-routes';
import { invitationValidity as validityOf } from './modules/members/invitation-validity';
import type { InvitationService } from './modules/members/invitations';
import { createInvitationService } from './modules/members/invitations';
import { memberRoutes } from './modules/members/routes';
import type { MemberService } from './modules/members/service';
import { createMemberService } from './modules/members/service';
import { createExplorerStore } from './modules/metadata/explorer-store-factory';
import { metadataRoutes } from './modules/metadata/routes';
import type { MetadataService } from './modules/metadata/service';
import { createMetadataService } from './modules/metadata/service';
import { createMailSettingsService, type MailSettingsService } from './modules/notifications/mail-settings';
import type { OutboxService } from './modules/notifications/outbox';
import { createOutboxService } from './modules/notifications/outbox';
import { notificationRoutes } from './modules/notifications/routes';
import { overviewRoutes } from './modules/overview/routes';
import type { OverviewService } from './modules/overview/service';
import { createOverviewService } from './modules/overview/service';
import { profileRoutes } from './modules/profile/routes';
import type { ProfileService } from './modules/profile/service';
import { createProfileService } from './modules/profile/service';
import { projectFilesRoutes } from './modules/projectfiles/routes';
import type { ProjectFilesService } from './modules/projectfiles/service';
import { createProjectFilesService } from './modules/projectfiles/service';
import { createKeptAnswers, type KeptAnswers } from './modules/projects/kept-answers';
import { projectRoutes } from './modules/projects/routes';
import type { ProjectService } from './modules/projects/service';
import { createProjectService } from './modules/projects/service';
import type { RateCounter } from './modules/ratelimit/counter';
import { createRateCounter } from './modules/ratelimit/counter';
import { reportRoutes } from './modules/reports/routes';
import type { ReportService } from './modules/reports/service';
import { createReportService } from './modules/reports/service';
import type { PerformanceService } from './modules/settings/performance';
import {
  createPerformanceService,
  queueConcurrency,
  readPerformanceSettings,
} from './modules/settings/performance';
import { settingsRoutes } from './modules/settings/routes';
import { tokenRoutes } from './modules/tokens/routes';
import { looksLikeApiToken } from './modules/tokens/secret';
import { createTokenService, type TokenService } from './modules/tokens/service';
import { validityRoutes } from './modules/validity/routes';
import type { ValidityService } from './modules/validity/service';
import { createValidityService } from './modules/validity/service';
import { viewerRoutes } from './modules/viewer/routes';
import type { ViewerService } from './modules/viewer/service';
import { createViewerService } from './modules/viewer/service';
import { createWaiverService, type WaiverService, waiverRoutes } from './modules/waivers';
import {
  createStringSeal,
  createWebhookService,
  type WebhookService,
  webhookRoutes,
} from './modules/webhooks';
import { type Clock, systemClock } from './platform/clock';
import { openColumnarEngine } from './platform/columnar-engine';
import type { Config } from './platform/config';
import { type DatabaseHandle, type DatabaseTarget, openDatabase } from './platform/db';
import { buildApp } from './platform/http/app';
import type { Logger } from './platform/logger';
import { createSmtpMailer } from './platform/mail';
import { carryOverPglite, pgliteDirBeside } from './platform/pglite-carry-over';
import { JobQueue } from './platform/queue';
import { ResidentWorker } from './platform/resident-worker';
import { LocalDiskStorage } from './platform/storage/local-disk';
import { openStorage } from './platform/storage/open-storage';
import type { FileStorage } from './platform/storage/storage';
import { serverVersion } from './platform/version';

export interface AppServices {
  /** Project read answers kept by the project's revision (decision 0452). */
  keptAnswers: KeptAnswers;
  acc: AccService;
  /** Autodesk's version callbacks (PUBLIC_URL and APS_* set; decision 0360); null otherwise. */
  apsEvents: VersionHooks | null;
  ai: AiService;
  auth: AuthService;
  /** Single sign-on, when an OpenID provider is configured (OIDC_*). */
  sso: SsoService | null;
  /** Request budgets shared by every API server (sign-ups, metadata exports). */
  rateCounter: RateCounter;
  billing: BillingService;
  projects: ProjectService;
  members: MemberService;
  invitations: InvitationService;
  bimFiles: BimFileService;
  idsFiles: IdsFileService;
  idsStudio: IdsStudioService;
  attributes: AttributeService;
  audit: AuditReader;
  compliance: ComplianceService;
  history: HistoryService;
  elements: ElementService;
  metadata: MetadataService;
  overview: OverviewService;
  projectFiles: ProjectFilesService;
  profile: ProfileService;
  outbox: OutboxService;
  mailSettings: MailSettingsService;
  webhooks: WebhookService;
  performance: PerformanceService;
  reports: ReportService;
  tokens: TokenService;
  waivers: WaiverService;
  viewer: ViewerService;
  validity: ValidityService;
  health: HealthService;
}

/** Every module's routes, in registration order: a new module adds its plugin here. */
export function moduleRoutes(config: Config, services: AppServices): FastifyPluginAsyncZod[] {
  return [
    healthRoutes(services.health),
    authRoutes(services.auth, config, services.rateCounter),
    ssoRoutes(services.sso, config),
    projectRoutes(services.projects, services.keptAnswers),
    memberRoutes(services.members),
    invitationRoutes(services.invitations),
    bimFileRoutes(services.bimFiles, services.keptAnswers),
    idsFileRoutes(services.idsFiles),
    idsStudioRoutes(services.idsStudio),
    attributeRoutes(services.attributes),
    aiRoutes(services.ai),
    viewerRoutes(services.viewer),
    validityRoutes(services.validity),
    complianceRoutes(services.compliance, services.keptAnswers),
    historyRoutes(services.history),
    elementRoutes(services.elements),
    metadataRoutes(services.metadata),
    overviewRoutes(services.overview, services.keptAnswers),
    projectFilesRoutes(services.projectFiles),
    billingRoutes(services.billing, services.acc.enabled ? accProjectSetup(services.acc) : null),
    accRoutes(services.acc),
    apsEventRoutes(services.apsEvents),
    stripeWebhookRoutes(services.billing),
    reportRoutes(services.reports),
    profileRoutes(services.profile),
    notificationRoutes(services.outbox, services.mailSettings),
    webhookRoutes(services.webhooks),
    settingsRoutes(services.performance),
    auditRoutes(services.audit),
    tokenRoutes(services.tokens),
    waiverRoutes(services.waivers),
  ];
}

export interface ServerOptions {
  config: Config;
  logger: Logger;
  /** drizzle-kit's output folder; entry points resolve it from their own location. */
  migrationsFolder: string;
  clock?: Clock;
  /** Overrides config.database (tests use a database of their own on the test server). */
  database?: DatabaseTarget;
  /** False: processing queues no 3D conversion; the viewer's first request does (JobDeps; tests). */
  fragmentsAfterProcessing?: boolean;
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
  const columnar = config.explorerStore === 'columnar' ? openColumnarEngine(config) : undefined;
  // Explorer rows: the version's Parquet file once it exists, else SQL (decisions 0273, 0274).
  const explorer = createExplorerStore({
    db: database.db,
    storage,
    columnar,
    workDir: join(config.dataDir, 'columnar', 'load'),
    cacheBytes: config.explorerCacheBytes,
  });
  if (storage instanceof LocalDiskStorage) {
    // Uploads a killed process left half-written: older than this process, so nobody is writing them.
    // (In a bucket, the lifecycle rule of docs/scaling.md removes a killed upload's parts.)
    const staleTemporaries = await storage.removeStaleTemporaries(new Date(performance.timeOrigin));
    if (staleTemporaries > 0) logger.info({ removed: staleTemporaries }, 'stale upload temporaries removed');
  }
  const stripeConfig = config.billing.stripe;
  const ledger = createLedgerProvider();
  // What the billing cycle job charges renewals with: it renews only subscriptions kept in our rows,
  // and under PAYMENTS=stripe it charges no card (decision 0210).
  const renewals = stripeConfig ? { chargeSaved: chargeNothing } : ledger;
  let queue: JobQueue<JobDeps> | null = null;
  const acc = createAccRuntime(config, database.db, clock);
  // Links in mails and webhooks: PUBLIC_URL, else this server on localhost; never a request's Host
  // header, which a caller chooses (a verification link pointing elsewhere would hand its token to that host).
  const appUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const webhooks = { config: config.webhooks, seal: createStringSeal(config.sessionSecret) };
  try {
    await database.migrate(options.migrationsFolder);
    queue = await JobQueue.start<JobDeps>(database, jobDefinitions, {
      pollIntervalSeconds: config.queuePollIntervalSeconds,
      memoryBudgetBytes: config.workerMemoryBytes,
      logger: logger.child({ component: 'queue' }),
      // A server on a clock of its own (tests) gets its scheduled jobs sent by hand, on that clock.
      runSchedules: clock === systemClock,
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
          billing: { enabled: config.billing.enabled, provider: renewals },
          ai: config.ai,
          acc,
          timeLimitMs: config.processingTimeLimitMs,
          fragmentsAfterProcessing: options.fragmentsAfterProcessing ?? true,
          columnar,
          explorer,
          mailer: config.mail.smtpUrl ? createSmtpMailer(config.mail.smtpUrl, config.mail.from) : null,
          appUrl,
          webhooks,
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
  const invitationValidity = validityOf(config.invitationValidDays);
  const billing = createBillingService({
    db,
    clock,
    audit,
    provider:
      stripeConfig && config.publicUrl
        ? createStripeProvider({
            testMode:
              stripeConfig.secretKey.startsWith('sk_test_') || stripeConfig.secretKey.startsWith('rk_test_'),
            stripe: createStripeBilling({
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
            }),
          })
        : ledger,
    enabled: config.billing.enabled,
    jobs,
    invitationsValidSince: invitationValidity.validSince,
  });
  // The IDS Studio's live check: one thread that keeps the models being edited against read.
  const liveCheck = new ResidentWorker({
    entry: 'live-check-worker',
    idleMs: 10 * 60 * 1000,
    maxPending: 8,
    threadOptions: { budgetBytes: config.liveCheckCacheBytes },
  });
  const auth = createAuthService({
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
    passwordSignIn: config.passwordSignIn,
  });
  // Sign-in settings come from the environment: a change since the last start goes into the audit trail.
  await recordSignInSettings(db, audit, clock, config);
  const services: AppServices = {
    acc: accService,
    apsEvents: acc?.hooks
      ? createVersionHooks({ db, clock, jobs, connector: acc.connector, hooks: acc.hooks })
      : null,
    auth,
    sso: config.sso
      ? createSsoService({
          db,
          clock,
          audit,
          sso: config.sso,
          client: createOidcClient(config.sso),
          openSession: auth.openSession,
        })
      : null,
    projects: createProjectService({ db, clock, audit }),
    keptAnswers: createKeptAnswers({ db }),
    members: createMemberService({
      db,
      clock,
      audit,
      jobs,
      appUrl,
      limits: billing.enforcement,
      invitationValidity,
    }),
    invitations: createInvitationService({
      db,
      clock,
      audit,
      limits: billing.enforcement,
      invitationValidity,
    }),
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
    idsStudio: createIdsStudioService({
      db,
      storage,
      liveCheck,
      timeLimitMs: config.processingTimeLimitMs,
      propertyValues: (version, property, limit) => explorer.propertyValues(version, property, limit),
    }),
    attributes: createAttributeService({ db, clock, storage, jobs, audit }),
    audit: createAuditReader({ db }),
    tokens: createTokenService({ db, clock, audit }),
    waivers: createWaiverService({ db, clock, audit }),
    ai: createAiService({
      db,
      model: config.ai,
      logger: logger.child({ component: 'assistant' }),
      compliance: createComplianceService({ db }),
      explorer,
    }),
    viewer: createViewerService({ db, clock, storage, jobs }),
    validity: createValidityService(db),
    compliance: createComplianceService({ db }),
    history: createHistoryService({ db }),
    elements: createElementService({
      db,
      storage,
      propertiesOf: (version, stepId) => explorer.elementProperties(version, stepId),
    }),
    metadata: createMetadataService({ db, clock, rateCounter, store: explorer }),
    rateCounter,
    overview: createOverviewService({ db }),
    profile: createProfileService({ db, clock }),
    outbox: createOutboxService({ db }),
    mailSettings: createMailSettingsService({ db }),
    webhooks: createWebhookService({ db, clock, jobs, seal: webhooks.seal, config: config.webhooks }),
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
  };
  const app = await buildApp(
    config,
    {
      // An API token says what it is by its prefix (plb_…); anything else is a session token.
      authenticate: (token) =>
        looksLikeApiToken(token) ? services.tokens.authenticate(token) : services.auth.authenticate(token),
      routes: moduleRoutes(config, services),
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
          await liveCheck.close();
          logger.info('http server closed');
        } finally {
          try {
            await jobs.stop(config.shutdownTimeoutMs);
            logger.info('job queue stopped');
          } finally {
            storage.close?.();
            columnar?.close();
            await database.close();
            logger.info('database closed');
          }
        }
      })();
      return closing;
    },
  };
}
