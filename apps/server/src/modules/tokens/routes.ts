import {
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
  routeAccessOf,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import type { TokenService } from './service';

const tokenParams = z.object({ tokenId: z.string().uuid() });
const projectParams = z.object({ projectId: z.string().uuid() });
const projectTokenParams = projectParams.extend({ tokenId: z.string().uuid() });

/** Every token route takes a signed-in session only: a token never makes or revokes tokens. */
export function tokenRoutes(tokens: TokenService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['tokens'];
    const personal = { access: 'signed-in', sessionOnly: true } as const;
    const project = (config: { access: ReturnType<typeof routeAccessOf> }) => ({
      ...config,
      sessionOnly: true,
    });

    app.get(
      '/api/v1/tokens',
      {
        config: personal,
        schema: {
          tags,
          summary: 'Your personal API tokens (never their secrets)',
          response: { 200: apiTokenListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ tokens: await tokens.listPersonal(requireAuth(request)) }),
    );

    app.post(
      '/api/v1/tokens',
      {
        config: personal,
        schema: {
          tags,
          summary:
            'Make a personal API token: it acts as you, within its scope, until it expires or is revoked. The secret is in this answer only',
          body: createApiTokenBodySchema,
          response: { 201: createdApiTokenSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await tokens.createPersonal(requireAuth(request), request.body)),
    );

    app.delete(
      '/api/v1/tokens/:tokenId',
      {
        config: personal,
        schema: {
          tags,
          summary: 'Revoke one of your personal API tokens (at once; it stays listed as revoked)',
          params: tokenParams,
          response: { 200: z.object({ token: apiTokenSchema }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        token: await tokens.revokePersonal(requireAuth(request), request.params.tokenId),
      }),
    );

    app.get(
      '/api/v1/projects/:projectId/tokens',
      {
        config: project({ access: routeAccessOf('tokens.manage') }),
        schema: {
          tags,
          summary: "The project's API tokens (project Admins)",
          params: projectParams,
          response: { 200: apiTokenListSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        tokens: await tokens.listProject(requireAuth(request).user.id, request.params.projectId),
      }),
    );

    app.post(
      '/api/v1/projects/:projectId/tokens',
      {
        config: project({ access: routeAccessOf('tokens.manage') }),
        schema: {
          tags,
          summary:
            "Make a project API token (project Admins): it reaches this project only, with its maker's role within its scope. The secret is in this answer only",
          params: projectParams,
          body: createApiTokenBodySchema,
          response: { 201: createdApiTokenSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await tokens.createProject(requireAuth(request).user.id, request.params.projectId, request.body),
          ),
    );

    app.delete(
      '/api/v1/projects/:projectId/tokens/:tokenId',
      {
        config: project({ access: routeAccessOf('tokens.manage') }),
        schema: {
          tags,
          summary: "Revoke one of the project's API tokens (project Admins)",
          params: projectTokenParams,
          response: { 200: z.object({ token: apiTokenSchema }), ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ({
        token: await tokens.revokeProject(
          requireAuth(request).user.id,
          request.params.projectId,
          request.params.tokenId,
        ),
      }),
    );
  };
}
