import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AuthContext } from '../auth/context';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { serverVersion } from '../version';
import { requireDeclaredAccess, tokenScopeOf } from './access';
import { documentResponses } from './documented-responses';
import { frameworkError, registerErrorHandler } from './error-handler';
import { registerInputHygiene } from './input-hygiene';
import { registerPathGuard } from './path-guard';
import { registerOriginCheck, registerSecurityHeaders } from './security';
import { registerSessionHook } from './session-hook';
import { registerWebApp } from './web-app';

/** What the composition root (src/app.ts) gives the HTTP app: who a session token is, and every module's routes. */
export interface AppWiring {
  authenticate(token: string): Promise<AuthContext | null>;
  /** The modules' route plugins, registered in this order. */
  routes: ReadonlyArray<FastifyPluginAsyncZod>;
}

/** Builds the Fastify instance: plugins, error mapping, session check, the given routes, the web app. */
export async function buildApp(config: Config, wiring: AppWiring, logger: Logger): Promise<FastifyInstance> {
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
  registerPathGuard(app, config.dataDir);

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
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'plb_pat_… (personal) or plb_prj_… (project)',
            description:
              "An API token (Settings or Team, decision 0266). Its reach is its owner's role within its scope: read < write < admin; each operation lists the scope it needs, also as `x-token-scope`. A project token reaches only routes of its project.",
          },
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'plumbline_session' },
        },
      },
    },
    // Each operation carries its route's access rule as `x-access`, so the published document says
    // who may call it and the authorization matrix test reads the route table from here, and the
    // API token scope it needs as `x-token-scope` (`session-only` where no token is accepted).
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      if (!access) return out;
      const scope = tokenScopeOf({
        access,
        method: String(input.route.method),
        sessionOnly: input.route.config?.sessionOnly === true,
      });
      const tokenScope =
        access === 'public' || access === 'webhook' ? {} : { 'x-token-scope': scope ?? 'session-only' };
      return { ...out, schema: { ...out.schema, 'x-access': access, ...tokenScope } };
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  requireDeclaredAccess(app);
  registerSessionHook(app, {
    authenticate: wiring.authenticate,
    secureCookies: config.secureCookies,
  });

  for (const routes of wiring.routes) await app.register(routes);
  await registerWebApp(app, config.webDistDir);

  return app;
}
