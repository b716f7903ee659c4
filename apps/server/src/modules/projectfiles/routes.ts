import {
  fileParamsSchema,
  fileSelectionBodySchema,
  fileSelectionResponseSchema,
  idsFileParamsSchema,
  projectIdParamsSchema,
  projectRefreshResponseSchema,
  routeAccessOf,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import type { ProjectFilesService } from './service';

export function projectFilesRoutes(service: ProjectFilesService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['projects'];

    app.get(
      '/api/v1/projects/:projectId/file-selection',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "The project's uploaded files with whether each belongs to the project, and the plan limits",
          params: projectIdParamsSchema,
          response: { 200: fileSelectionResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => service.getSelection(optionalUserId(request), request.params.projectId),
    );

    app.put(
      '/api/v1/projects/:projectId/file-selection',
      {
        config: { access: routeAccessOf('files.select') },
        schema: {
          tags,
          summary:
            'Set which uploaded files belong to the project (the rest are kept but excluded), within the plan limits. Editor or Admin.',
          params: projectIdParamsSchema,
          body: fileSelectionBodySchema,
          response: { 200: fileSelectionResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        service.setSelection(requireAuth(request).user.id, request.params.projectId, request.body.file_ids),
    );

    app.post(
      '/api/v1/projects/:projectId/refresh',
      {
        config: { access: routeAccessOf('project.refresh') },
        schema: {
          tags,
          summary:
            "Re-process the newest version of each included file. Refused (429, Retry-After) within 24 hours of the project's last processing. Editor or Admin.",
          params: projectIdParamsSchema,
          response: { 202: projectRefreshResponseSchema, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (request, reply) => {
        const result = await service.refresh(requireAuth(request).user.id, request.params.projectId);
        return reply.status(202).send(result);
      },
    );

    app.delete(
      '/api/v1/projects/:projectId/bimfiles/:fileId',
      {
        config: { access: routeAccessOf('files.delete') },
        schema: {
          tags: ['files'],
          summary:
            'Delete a BIM file with all its versions, elements, results and stored files. Editor or Admin.',
          params: fileParamsSchema,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, fileId } = request.params;
        await service.deleteBimFile(requireAuth(request).user.id, projectId, fileId);
        return reply.status(204).send(null);
      },
    );

    app.delete(
      '/api/v1/projects/:projectId/idsfiles/:idsFileId',
      {
        config: { access: routeAccessOf('files.delete') },
        schema: {
          tags: ['ids'],
          summary:
            'Delete an IDS file with its specifications and results; the latest versions are re-checked. Editor or Admin.',
          params: idsFileParamsSchema,
          response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, idsFileId } = request.params;
        await service.deleteIdsFile(requireAuth(request).user.id, projectId, idsFileId);
        return reply.status(204).send(null);
      },
    );
  };
}
