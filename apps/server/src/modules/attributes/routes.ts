import {
  addAttributeRequestSchema,
  analyzeAttributeRequestSchema,
  analyzeAttributeResponseSchema,
  attributeAddedSchema,
  attributeConfirmationRequiredSchema,
  attributeInsightsSchema,
  extraAttributesResponseSchema,
  fileParamsSchema,
  projectIdParamsSchema,
  recommendationResponseSchema,
  recommendationUpdateSchema,
  routeAccessOf,
  schemaAttributesResponseSchema,
  schemaSummarySchema,
  versionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import type { AttributeService } from './service';

const tags = ['attributes'];

export function attributeRoutes(attributes: AttributeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/extra-attributes',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            'Every property of a file version (default: the latest completed) with occurrence, sample values, IDS coverage, priority and recommendation status',
          params: fileParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: extraAttributesResponseSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return attributes.extraAttributes(
          optionalUserId(request),
          projectId,
          fileId,
          request.query.versionId,
        );
      },
    );

    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/schema-attributes',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "The active specifications' facets with each requirement's compliance on a file version (default: the latest completed)",
          params: fileParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: schemaAttributesResponseSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return attributes.schemaAttributes(
          optionalUserId(request),
          projectId,
          fileId,
          request.query.versionId,
        );
      },
    );

    app.get(
      '/api/v1/projects/:projectId/schema-summary',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: "Schema summary over the latest completed version of each of the project's files",
          params: projectIdParamsSchema,
          response: { 200: schemaSummarySchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => attributes.schemaSummary(optionalUserId(request), request.params.projectId),
    );

    app.get(
      '/api/v1/projects/:projectId/attribute-insights',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            'Attribute gaps and the top recommendations (uncovered attributes by priority and occurrence)',
          params: projectIdParamsSchema,
          response: { 200: attributeInsightsSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => attributes.insights(optionalUserId(request), request.params.projectId),
    );

    app.patch(
      '/api/v1/projects/:projectId/attributes/recommendation',
      {
        config: { access: routeAccessOf('attributes.setStatus') },
        schema: {
          tags,
          summary: "Set an attribute's recommendation status for the project. Editor or Admin.",
          params: projectIdParamsSchema,
          body: recommendationUpdateSchema,
          response: { 200: recommendationResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        attributes.setRecommendation(requireAuth(request).user.id, request.params.projectId, request.body),
    );

    app.post(
      '/api/v1/attributes/analyze',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "Suggest a data type, cardinality and value constraints for an attribute from its values in the project's latest file versions",
          body: analyzeAttributeRequestSchema,
          response: { 200: analyzeAttributeResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => attributes.analyze(optionalUserId(request), request.body),
    );

    app.post(
      '/api/v1/attributes/add-to-specification',
      {
        config: { access: routeAccessOf('attributes.addToSpecification') },
        schema: {
          tags,
          summary:
            "Append a property requirement to a specification: the requirement is inserted into the project's IDS file, every other byte kept (valid IDS 1.0 XML), its latest versions are checked again and the attribute is marked added_to_schema (201). Where the file cannot be edited in place (not UTF-8, …) nothing is saved and 200 answers `confirmation_required` with warning codes; the same request with accept_whole_file_rewrite then rewrites the file whole. Editor or Admin.",
          body: addAttributeRequestSchema,
          response: {
            200: attributeConfirmationRequiredSchema,
            201: attributeAddedSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const result = await attributes.addToSpecification(requireAuth(request).user.id, request.body);
        return reply.status(result.outcome === 'added' ? 201 : 200).send(result);
      },
    );
  };
}
