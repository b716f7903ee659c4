import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accRoutes } from '../../modules/acc/routes';
import { type AccService, accProjectSetup } from '../../modules/acc/service';
import { aiRoutes } from '../../modules/ai/routes';
import type { AiService } from '../../modules/ai/service';
import { attributeRoutes } from '../../modules/attributes/routes';
import type { AttributeService } from '../../modules/attributes/service';
import { authRoutes } from '../../modules/auth/routes';
import type { AuthService } from '../../modules/auth/service';
import { billingRoutes, stripeWebhookRoutes } from '../../modules/billing/routes';
import type { BillingService } from '../../modules/billing/service';
import { bimFileRoutes } from '../../modules/bimfiles/routes';
import type { BimFileService } from '../../modules/bimfiles/service';
import { complianceRoutes } from '../../modules/compliance/routes';
import type { ComplianceService } from '../../modules/compliance/service';
import { elementRoutes } from '../../modules/elements/routes';
import type { ElementService } from '../../modules/elements/service';
import { healthRoutes } from '../../modules/health/routes';
import type { HealthService } from '../../modules/health/service';
import { idsFileRoutes } from '../../modules/idsfiles/routes';
import type { IdsFileService } from '../../modules/idsfiles/service';
import { invitationRoutes } from '../../modules/members/invitation-routes';
import type { InvitationService } from '../../modules/members/invitations';
import { memberRoutes } from '../../modules/members/routes';
import type { MemberService } from '../../modules/members/service';
import { metadataRoutes } from '../../modules/metadata/routes';
import type { MetadataService } from '../../modules/metadata/service';
import type { OutboxService } from '../../modules/notifications/outbox';
import { notificationRoutes } from '../../modules/notifications/routes';
import { overviewRoutes } from '../../modules/overview/routes';
import type { OverviewService } from '../../modules/overview/service';
import { profileRoutes } from '../../modules/profile/routes';
import type { ProfileService } from '../../modules/profile/service';
import { projectFilesRoutes } from '../../modules/projectfiles/routes';
import type { ProjectFilesService } from '../../modules/projectfiles/service';
import { projectRoutes } from '../../modules/projects/routes';
import type { ProjectService } from '../../modules/projects/service';
import type { RateCounter } from '../../modules/ratelimit/counter';
import { reportRoutes } from '../../modules/reports/routes';
import type { ReportService } from '../../modules/reports/service';
import type { PerformanceService } from '../../modules/settings/performance';
import { settingsRoutes } from '../../modules/settings/routes';
import { viewerRoutes } from '../../modules/viewer/routes';
import type { ViewerService } from '../../modules/viewer/service';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { serverVersion } from '../version';
import { requireDeclaredAccess } from './access';
import { documentResponses } from './documented-responses';
import { frameworkError, registerErrorHandler } from './error-handler';
import { registerInputHygiene } from './input-hygiene';
import { registerOriginCheck, registerSecurityHeaders } from './security';
import { registerSessionHook } from './session-hook';
import { registerWebApp } from './web-app';

export interface AppServices {
  acc: AccService;
  ai: AiService;
  auth: AuthService;
  /** Request budgets shared by every API server (sign-ups, metadata exports). */
  rateCounter: RateCounter;
  billing: BillingService;
  projects: ProjectService;
  members: MemberService;
  invitations: InvitationService;
  bimFiles: BimFileService;
  idsFiles: IdsFileService;
  attributes: AttributeService;
  compliance: ComplianceService;
  elements: ElementService;
  metadata: MetadataService;
  overview: OverviewService;
  projectFiles: ProjectFilesService;
  profile: ProfileService;
  outbox: OutboxService;
  performance: PerformanceService;
  reports: ReportService;
  viewer: ViewerService;
  health: HealthService;
}

/** Builds the Fastify instance: plugins, error mapping, session check, every module's routes, the web app. */
export async function buildApp(
  config: Config,
  services: AppServices,
  logger: Logger,
): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // Fastify accepts a hop count too (proxy-addr); its typings omit it.
    trustProxy: config.trustProxy as boolean | string[],
    genReqId: () => randomUUID(),
    // Keep-alive connections that are idle close at shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputHygiene(app);

  await registerSecurityHeaders(app, config);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerOriginCheck(app, config);
  // Before the OpenAPI plugin, so the document shows the completed schemas.
  documentResponses(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Plumbline API',
        version: serverVersion,
        description:
          'Check IFC models against buildingSMART IDS rules. Every error has the body `{ error: { code, message } }`.',
      },
      // Relative: the document describes the server that serves it.
      servers: [{ url: '/', description: 'This server' }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in' },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'plumbline_session' },
        },
      },
    },
    // Each operation carries its route's access rule as `x-access`, so the published document says
    // who may call it and the authorization matrix test reads the route table from here.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      return access ? { ...out, schema: { ...out.schema, 'x-access': access } } : out;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  requireDeclaredAccess(app);
  registerSessionHook(app, {
    authenticate: (token) => services.auth.authenticate(token),
    secureCookies: config.secureCookies,
  });

  await app.register(healthRoutes(services.health));
  await app.register(authRoutes(services.auth, config, services.rateCounter));
  await app.register(projectRoutes(services.projects));
  await app.register(memberRoutes(services.members));
  await app.register(invitationRoutes(services.invitations));
  await app.register(bimFileRoutes(services.bimFiles));
  await app.register(idsFileRoutes(services.idsFiles));
  await app.register(attributeRoutes(services.attributes));
  await app.register(aiRoutes(services.ai));
  await app.register(viewerRoutes(services.viewer));
  await app.register(complianceRoutes(services.compliance));
  await app.register(elementRoutes(services.elements));
  await app.register(metadataRoutes(services.metadata));
  await app.register(overviewRoutes(services.overview));
  await app.register(projectFilesRoutes(services.projectFiles));
  await app.register(
    billingRoutes(services.billing, services.acc.enabled ? accProjectSetup(services.acc) : null),
  );
  await app.register(accRoutes(services.acc));
  await app.register(stripeWebhookRoutes(services.billing));
  await app.register(reportRoutes(services.reports));
  await app.register(profileRoutes(services.profile));
  await app.register(notificationRoutes(services.outbox));
  await app.register(settingsRoutes(services.performance));
  await registerWebApp(app, config.webDistDir);

  return app;
}
