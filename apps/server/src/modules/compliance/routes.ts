import {
  complianceResultsQuerySchema,
  complianceResultsResponseSchema,
  complianceSpecificationParamsSchema,
  elementStatusesQuerySchema,
  elementStatusesResponseSchema,
  facetResultsQuerySchema,
  facetResultsResponseSchema,
  fileComplianceSchema,
  fileParamsSchema,
  idsSpecificationListResponseSchema,
  idsSpecificationsQuerySchema,
  projectIdParamsSchema,
  versionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import { requestLocale } from '../../platform/i18n';
import { type KeptAnswers, sendJson } from '../projects';
import type { ComplianceService } from './service';

const tags = ['compliance'];
const versionNote =
  'Without versionId, the latest completed version. Readable on the demo project without an account.';

/** IDS compliance reads (spec 1 §2.3, spec 2 §2.1 and §2.6); every one a demo-readable project read. */
export function complianceRoutes(compliance: ComplianceService, kept: KeptAnswers): FastifyPluginAsyncZod {
  return async (app) => {
    const fileUrl = '/api/v1/projects/:projectId/bimfiles/:fileId/compliance';

    app.get(
      '/api/v1/projects/:projectId/ids/specifications',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `IDS specifications of the active IDS files with their facets; with fileId, each one's compliance summary on that file's version. ${versionNote}`,
          params: projectIdParamsSchema,
          querystring: idsSpecificationsQuerySchema,
          response: { 200: idsSpecificationListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const userId = optionalUserId(request);
        const { projectId } = request.params;
        const { fileId, versionId } = request.query;
        // Kept by the project's revision (decision 0452).
        const json = await kept.json(
          { userId, projectId, route: 'specifications', variant: `${fileId ?? ''}/${versionId ?? ''}` },
          idsSpecificationListResponseSchema,
          () => compliance.specifications(userId, projectId, request.query),
        );
        return sendJson(reply, json);
      },
    );

    app.get(
      fileUrl,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `File-level IDS compliance of a version: pairs, per-specification Passed/Warning/Failed counts and the compliance chart rows. ${versionNote}`,
          params: fileParamsSchema,
          querystring: versionQuerySchema,
          response: { 200: fileComplianceSchema, ...errorResponses(401, 404, 409) },
        },
      },
      async (request, reply) => {
        const userId = optionalUserId(request);
        const { projectId, fileId } = request.params;
        const { versionId } = request.query;
        // Kept by the project's revision (decision 0452).
        const json = await kept.json(
          { userId, projectId, route: 'file-compliance', variant: `${fileId}/${versionId ?? ''}` },
          fileComplianceSchema,
          () => compliance.fileCompliance(userId, projectId, fileId, versionId),
        );
        return sendJson(reply, json);
      },
    );

    app.get(
      `${fileUrl}/specifications/:specificationId/results`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `Facet results of each element a specification applies to, by STEP id (offset 0, limit 200 by default; at most 200). ${versionNote}`,
          params: complianceSpecificationParamsSchema,
          querystring: facetResultsQuerySchema,
          response: { 200: facetResultsResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId, specificationId } = request.params;
        return compliance.facetResults(
          optionalUserId(request),
          projectId,
          fileId,
          specificationId,
          request.query,
          requestLocale(request),
        );
      },
    );

    app.get(
      `${fileUrl}/results`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `IDS Compliance view: element counts by status (passed, warning, failed, not_applicable) and a page of results, filterable by specification and status (limit 20 by default, at most 200). ${versionNote}`,
          params: fileParamsSchema,
          querystring: complianceResultsQuerySchema,
          response: { 200: complianceResultsResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return compliance.results(optionalUserId(request), projectId, fileId, request.query);
      },
    );

    app.get(
      `${fileUrl}/element-statuses`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `Every element's compliance status (worst over the specifications, or against one) as parallel arrays viewer_db_ids / statuses, for colouring the 3D view; unlisted elements are not applicable. ${versionNote}`,
          params: fileParamsSchema,
          querystring: elementStatusesQuerySchema,
          response: { 200: elementStatusesResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return compliance.elementStatuses(optionalUserId(request), projectId, fileId, request.query);
      },
    );
  };
}
