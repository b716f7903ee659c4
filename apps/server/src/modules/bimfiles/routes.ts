import { bimFileListResponseSchema, projectIdParamsSchema } from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, sessionSecurity } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import type { BimFileService } from './service';

export function bimFileRoutes(bimFiles: BimFileService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/projects/:projectId/bimfiles',
      {
        schema: {
          tags: ['files'],
          summary: 'BIM files of a project with the state of their latest version (polled while processing)',
          security: sessionSecurity,
          params: projectIdParamsSchema,
          response: { 200: bimFileListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({
        bim_files: await bimFiles.list(requireAuth(request).user.id, request.params.projectId),
      }),
    );
  };
}
