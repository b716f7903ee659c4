import {
  projectIdParamsSchema,
  routeAccessOf,
  STUDIO_MAX_IDS_BYTES,
  studioLiveCheckBodySchema,
  studioLiveCheckResponseSchema,
  studioModelFactsSchema,
  studioSchemaParamsSchema,
  studioSchemaResponseSchema,
  studioValuesQuerySchema,
  studioValuesResponseSchema,
  studioVersionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import type { IdsStudioService } from './service';

export function idsStudioRoutes(studio: IdsStudioService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/ids-studio/schema/:ifcVersion',
      {
        config: { access: 'public' },
        schema: {
          tags: ['ids-studio'],
          summary:
            "The IDS Studio's choices for one IFC version: entities with predefined types and attributes, standard property sets with data types, IDS data types with their SI units (the same for everyone; cached)",
          params: studioSchemaParamsSchema,
          response: { 200: studioSchemaResponseSchema, ...errorResponses() },
        },
      },
      async (request, reply) => {
        // Tables of the engine's schema: they change only with a new server version.
        reply.header('cache-control', 'public, max-age=3600');
        return studio.schema(request.params.ifcVersion);
      },
    );

    app.get(
      '/api/v1/projects/:projectId/ids-studio/model',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['ids-studio'],
          summary:
            'What a processed version really has, for the Studio to list first: element classes with predefined types and property sets with their properties, each with counts',
          params: projectIdParamsSchema,
          querystring: studioVersionQuerySchema,
          response: { 200: studioModelFactsSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => studio.modelFacts(optionalUserId(request), request.params.projectId, request.query),
    );

    app.get(
      '/api/v1/projects/:projectId/ids-studio/values',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags: ['ids-studio'],
          summary:
            "A property's distinct values in a processed version with how many elements have each, the most frequent first (at most 200)",
          params: projectIdParamsSchema,
          querystring: studioValuesQuerySchema,
          response: { 200: studioValuesResponseSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => studio.values(optionalUserId(request), request.params.projectId, request.query),
    );

    app.post(
      '/api/v1/projects/:projectId/ids-studio/live-check',
      {
        config: { access: routeAccessOf('files.upload') },
        // The IDS text in JSON: escaping can double it.
        bodyLimit: 2 * STUDIO_MAX_IDS_BYTES + 64 * 1024,
        schema: {
          tags: ['ids-studio'],
          summary:
            'Live check of an IDS being edited: each specification applicable, passing and failing elements on a processed version, counted on a worker thread against the model kept read. Editor or Admin.',
          params: projectIdParamsSchema,
          body: studioLiveCheckBodySchema,
          response: {
            200: studioLiveCheckResponseSchema,
            ...errorResponses(400, 401, 403, 404, 409, 413, 503),
          },
        },
      },
      async (request) =>
        studio.liveCheck(requireAuth(request).user.id, request.params.projectId, request.body),
    );
  };
}
