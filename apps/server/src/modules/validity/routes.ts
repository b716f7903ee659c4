import { fileParamsSchema, validityQuerySchema, versionValidityResponseSchema } from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import type { ValidityService } from './service';

const tags = ['validity'];

export function validityRoutes(validity: ValidityService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/validity',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "A file version's model validity (default: the latest completed): buildingSMART's normative rules, each with its outcome and its first findings",
          params: fileParamsSchema,
          querystring: validityQuerySchema,
          response: { 200: versionValidityResponseSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return validity.versionValidity(optionalUserId(request), projectId, fileId, request.query);
      },
    );
  };
}
