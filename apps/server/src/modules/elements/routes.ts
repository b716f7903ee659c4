import {
  bimElementResponseSchema,
  elementByGlobalIdParamsSchema,
  elementComplianceSchema,
  elementParamsSchema,
  versionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import { requestLocale } from '../../platform/i18n';
import type { ElementService } from './service';

const tags = ['elements'];

/** Element Inspector reads (spec 3 §2.3, §2.4); demo-readable like every project read. */
export function elementRoutes(elements: ElementService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/elements/:viewerDbId',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            'One element of a file version by its STEP id (the 3D viewer id), with its properties. Without versionId: the latest completed version.',
          params: elementParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: bimElementResponseSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId, viewerDbId } = request.params;
        const element = await elements.get(optionalUserId(request), {
          projectId,
          fileId,
          versionId: request.query.versionId,
          element: { viewerDbId },
        });
        return { element };
      },
    );

    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/elements/by-global-id/:globalId',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: 'One element of a file version by its IFC GlobalId, with its properties',
          params: elementByGlobalIdParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: bimElementResponseSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId, globalId } = request.params;
        const element = await elements.get(optionalUserId(request), {
          projectId,
          fileId,
          versionId: request.query.versionId,
          element: { globalId },
        });
        return { element };
      },
    );

    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/elements/:viewerDbId/compliance',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "An element's IDS compliance: a summary and, per checked specification, the applicability and requirement facets with the engine's reasons",
          params: elementParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: elementComplianceSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId, viewerDbId } = request.params;
        return elements.compliance(
          optionalUserId(request),
          {
            projectId,
            fileId,
            versionId: request.query.versionId,
            element: { viewerDbId },
          },
          requestLocale(request),
        );
      },
    );
  };
}
