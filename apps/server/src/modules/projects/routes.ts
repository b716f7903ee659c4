import {
  createProjectBodySchema,
  projectIdParamsSchema,
  projectListResponseSchema,
  projectResponseSchema,
  routeAccessOf,
  updateProjectBodySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import { type KeptAnswers, sendJson } from './kept-answers';
import type { ProjectService } from './service';

export function projectRoutes(projects: ProjectService, kept: KeptAnswers): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['projects'];

    app.get(
      '/api/v1/projects',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Active projects the caller is a member of, with counts',
          response: { 200: projectListResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ projects: await projects.list(requireAuth(request).user.id) }),
    );

    app.post(
      '/api/v1/projects',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Create a project (the caller becomes its Admin)',
          body: createProjectBodySchema,
          response: { 201: projectResponseSchema, ...errorResponses(400, 401) },
        },
      },
      async (request, reply) => {
        const project = await projects.create(requireAuth(request).user.id, request.body);
        return reply.status(201).send({ project });
      },
    );

    app.get(
      '/api/v1/demo/projects',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'The demo projects, readable without an account (/demo); every change to them is refused',
          response: { 200: projectListResponseSchema },
        },
      },
      async () => ({ projects: await projects.listDemo() }),
    );

    app.get(
      '/api/v1/projects/:projectId',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: 'One project (the demo project needs no account)',
          params: projectIdParamsSchema,
          response: { 200: projectResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const userId = optionalUserId(request);
        const { projectId } = request.params;
        // Kept by the project's revision and the reader's role (decision 0452).
        const json = await kept.json(
          { userId, projectId, route: 'project' },
          projectResponseSchema,
          async () => ({
            project: await projects.get(userId, projectId),
          }),
        );
        return sendJson(reply, json);
      },
    );

    app.patch(
      '/api/v1/projects/:projectId',
      {
        config: { access: routeAccessOf('project.edit') },
        schema: {
          tags,
          summary: 'Edit name and description (Editor or Admin)',
          params: projectIdParamsSchema,
          body: updateProjectBodySchema,
          response: { 200: projectResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        project: await projects.update(requireAuth(request).user.id, request.params.projectId, request.body),
      }),
    );

    app.delete(
      '/api/v1/projects/:projectId',
      {
        config: { access: routeAccessOf('project.delete') },
        schema: {
          tags,
          summary: 'Deactivate a project (Admin)',
          params: projectIdParamsSchema,
          response: { 204: z.null().describe('Deactivated'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await projects.deactivate(requireAuth(request).user.id, request.params.projectId);
        return reply.status(204).send(null);
      },
    );
  };
}
