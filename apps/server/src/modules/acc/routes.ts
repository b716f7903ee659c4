import {
  accConfigSchema,
  accFilesResponseSchema,
  accHubParamsSchema,
  accHubProjectParamsSchema,
  accHubsResponseSchema,
  accProjectsResponseSchema,
  accSessionCleanupReasonSchema,
  accSessionIdSchema,
  accSessionQuerySchema,
  accSessionStatusSchema,
  createProjectFromAccBodySchema,
  invalidateAccSessionBodySchema,
  modelUrnResponseSchema,
  newAccSessionIdSchema,
  projectIdParamsSchema,
  routeAccessOf,
  tokenRefreshResponseSchema,
  viewerTokenResponseSchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import { AccError } from './errors';
import type { AccService } from './service';

const fileParams = z.object({ fileId: z.string().uuid() });

export function accRoutes(service: AccService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['acc'];
    const fileProject = async (fileId: string) => {
      const projectId = await service.projectOfFile(fileId);
      if (!projectId) throw new AccError('not_acc_file');
      return projectId;
    };

    app.get(
      '/api/v1/acc/config',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Whether this installation can import from Autodesk Construction Cloud',
          response: { 200: accConfigSchema, ...errorResponses(401) },
        },
      },
      async () => ({ enabled: service.enabled }),
    );

    app.get(
      '/api/v1/acc/initiate_company_auth',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "Spec 1 §7: starts the Autodesk sign-in for the browser's session id (PKCE, state); answers with a redirect to Autodesk",
          querystring: z.object({ session_id: newAccSessionIdSchema }),
          response: { 302: z.null(), ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request, reply) => {
        const url = await service.initiate(requireAuth(request).user.id, request.query.session_id);
        return reply.redirect(url, 302);
      },
    );

    app.get(
      '/api/v1/acc/callback',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "Autodesk's redirect back (APS_CALLBACK_URL): checks the state, exchanges the code with the PKCE verifier, stores the tokens sealed",
          querystring: z.object({
            code: z.string().max(2000).optional(),
            state: z.string().max(200).optional(),
            error: z.string().max(200).optional(),
          }),
          // 404 not_configured: the installation has no Autodesk app.
          response: { 302: z.null(), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        try {
          return reply.redirect(await service.callback(requireAuth(request).user.id, request.query), 302);
        } catch (error) {
          if (!(error instanceof AccError) || error.code !== 'state_invalid') throw error;
          // The wizard shows the spec's Connection Error toast.
          return reply.redirect('/dashboard?createProject=true&step=connect_acc&acc_error=connection', 302);
        }
      },
    );

    app.get(
      '/api/v1/acc/sessions/:sessionId',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Session validation (spec 1 §7): whether the ACC session is connected and under 30 minutes old',
          params: z.object({ sessionId: accSessionIdSchema }),
          response: { 200: accSessionStatusSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => service.sessionStatus(requireAuth(request).user.id, request.params.sessionId),
    );

    app.post(
      '/api/v1/oauth/invalidate-session',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Spec 1 §7 invalidate-session: the ACC session can no longer be used',
          body: invalidateAccSessionBodySchema,
          response: { 204: z.null(), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        await service.invalidate(requireAuth(request).user.id, request.body.session_id);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/api/v1/acc/sessions/:sessionId',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "Spec 1 §4 ACC session clean-up (page unload, navigation away from the import, an error): deletes the caller's session and its tokens; 204 whether or not it existed",
          params: z.object({ sessionId: accSessionIdSchema }),
          querystring: z.object({ reason: accSessionCleanupReasonSchema.optional() }),
          response: { 204: z.null(), ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        await service.discard(requireAuth(request).user.id, request.params.sessionId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/v1/acc/hubs',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'The BIM 360 and ACC hubs of the connected Autodesk account',
          querystring: accSessionQuerySchema,
          response: { 200: accHubsResponseSchema, ...errorResponses(400, 401, 403, 404, 502) },
        },
      },
      async (request) => ({
        hubs: await service.hubs(requireAuth(request).user.id, request.query.oauth_session_id),
      }),
    );

    app.get(
      '/api/v1/acc/hubs/:hubId/projects',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'The projects of a hub',
          params: accHubParamsSchema,
          querystring: accSessionQuerySchema,
          response: { 200: accProjectsResponseSchema, ...errorResponses(400, 401, 403, 404, 502) },
        },
      },
      async (request) => ({
        projects: await service.projects(
          requireAuth(request).user.id,
          request.query.oauth_session_id,
          request.params.hubId,
        ),
      }),
    );

    app.get(
      '/api/v1/acc/hubs/:hubId/projects/:projectId/all-files',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            "Every .ifc and .rvt item of the ACC project with its versions (spec 1 §7 all-files); 401/403/404 carry the spec's check messages",
          params: accHubProjectParamsSchema,
          querystring: accSessionQuerySchema,
          response: { 200: accFilesResponseSchema, ...errorResponses(400, 401, 403, 404, 502) },
        },
      },
      async (request) => ({
        files: await service.allFiles(
          requireAuth(request).user.id,
          request.query.oauth_session_id,
          request.params.hubId,
          request.params.projectId,
        ),
      }),
    );

    app.post(
      '/api/v1/projects/from-acc',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary:
            'Spec 2 §7: create a project importing the chosen ACC files (installations that sell no plans; otherwise the payment carries the choice)',
          body: createProjectFromAccBodySchema,
          response: {
            201: z.object({ project_id: z.string().uuid(), queued: z.number().int() }),
            ...errorResponses(400, 401, 403, 404, 502),
          },
        },
      },
      async (request, reply) => {
        const userId = requireAuth(request).user.id;
        const { projectName, projectDescription, ...selection } = request.body;
        const prepared = await service.prepareImport(userId, selection, null);
        const created = await service.createProject(userId, {
          name: projectName,
          description: projectDescription,
          prepared,
        });
        return reply.status(201).send({ project_id: created.projectId, queued: created.queued });
      },
    );

    app.post(
      '/api/v1/projects/:projectId/acc/refresh-tokens',
      {
        config: { access: routeAccessOf('acc.connect') },
        schema: {
          tags,
          summary:
            "Spec 2 §7 'refresh tokens for a project': renews the project's Autodesk token; 401 acc reauth_required when Autodesk refuses",
          params: projectIdParamsSchema,
          response: { 200: tokenRefreshResponseSchema, ...errorResponses(401, 403, 404, 502) },
        },
      },
      async (request) => service.refreshProjectTokens(requireAuth(request).user.id, request.params.projectId),
    );

    app.get(
      '/api/v1/auth/aps/login/:projectId',
      {
        config: { access: routeAccessOf('acc.connect') },
        schema: {
          tags,
          summary:
            "Spec 2 §7: re-authorise the project's Autodesk connection (redirects to Autodesk's sign-in)",
          params: projectIdParamsSchema,
          response: { 302: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.redirect(
          await service.loginForProject(requireAuth(request).user.id, request.params.projectId),
          302,
        ),
    );

    app.get(
      '/api/v1/aps-token/viewer-token/file/:fileId',
      {
        config: { access: routeAccessOf('viewer.open') },
        schema: {
          tags,
          summary:
            "Spec 3 §7 viewer token for an ACC file: the project's grant narrowed to viewables:read (never the full token)",
          params: fileParams,
          querystring: z.object({ force_refresh: z.enum(['true', 'false']).optional() }),
          response: { 200: viewerTokenResponseSchema, ...errorResponses(401, 403, 404, 502) },
        },
      },
      async (request) => {
        const projectId = await fileProject(request.params.fileId);
        return service.viewerToken(requireAuth(request).user.id, projectId, request.params.fileId);
      },
    );

    app.get(
      '/api/v1/aps-token/model-urn/file/:fileId',
      {
        config: { access: routeAccessOf('viewer.open') },
        schema: {
          tags,
          summary: "Spec 3 §7 model reference: the Model Derivative urn of an ACC file's newest version",
          params: fileParams,
          response: { 200: modelUrnResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const projectId = await fileProject(request.params.fileId);
        return service.modelUrn(requireAuth(request).user.id, projectId, request.params.fileId);
      },
    );
  };
}
