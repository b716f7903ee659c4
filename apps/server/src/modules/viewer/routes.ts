import {
  elementHighlightRequestSchema,
  elementHighlightResponseSchema,
  fileParamsSchema,
  versionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import type { ViewerService } from './service';

const tags = ['viewer'];

export function viewerRoutes(viewer: ViewerService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/versions/:versionId/fragments',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "The version's 3D model as That Open fragments (binary .frag). 409 while it is being converted, 422 when it has no viewable model. Revalidate with If-None-Match.",
          params: fileParamsSchema.extend({ versionId: z.string().uuid('Version not found') }),
          response: {
            200: fileResponse('The .frag file', 'application/octet-stream'),
            304: z.null().describe('The ETag matched: the cached copy is current'),
            ...errorResponses(401, 404, 409, 422),
          },
        },
      },
      async (request, reply) => {
        const { projectId, fileId, versionId } = request.params;
        const model = await viewer.fragments(
          optionalUserId(request),
          projectId,
          fileId,
          versionId,
          request.headers['if-none-match'],
        );
        // A version's .frag changes only if it is converted again: cache, but revalidate by ETag.
        reply.header('etag', `"${model.sha256}"`).header('cache-control', 'private, no-cache');
        if (!model.stream) return reply.status(304).send(null);
        return reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(model.sizeBytes))
          .send(model.stream);
      },
    );

    app.post(
      '/api/v1/projects/:projectId/bimfiles/:fileId/elements/highlight',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "Convert element GlobalIds to viewer ids (STEP ids) in a version (default: the file's latest completed version)",
          params: fileParamsSchema,
          querystring: versionQuerySchema,
          body: elementHighlightRequestSchema,
          response: { 200: elementHighlightResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return viewer.highlight(
          optionalUserId(request),
          projectId,
          fileId,
          request.query.versionId,
          request.body.element_guids,
        );
      },
    );
  };
}
