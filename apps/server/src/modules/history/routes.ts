import {
  changesQuerySchema,
  changesResponseSchema,
  comparisonBcfQuerySchema,
  comparisonListResponseSchema,
  comparisonParamsSchema,
  comparisonQuerySchema,
  comparisonResponseSchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import { requestLocale } from '../../platform/i18n';
import { sendAttachment } from '../bimfiles';
import type { HistoryService } from './service';

const tags = ['history'];
const pairNote =
  'Without to, the newest completed version; without from, the completed version before to. Stored when to was compared with from as it completed, else computed on request (a worker thread) and cached. Readable on the demo project without an account.';

/** What changed between versions of a file (issue 30); every one a demo-readable project read. */
export function historyRoutes(history: HistoryService): FastifyPluginAsyncZod {
  return async (app) => {
    const fileUrl = '/api/v1/projects/:projectId/bimfiles/:fileId';

    app.get(
      `${fileUrl}/comparisons`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "A file's stored comparisons, newest version first: each completed version with the completed version before it, with the counts of new, resolved, removed and persisting failures and how its elements matched",
          params: comparisonParamsSchema,
          response: { 200: comparisonListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return { comparisons: await history.list(optionalUserId(request), projectId, fileId) };
      },
    );

    app.get(
      `${fileUrl}/comparison`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `Two versions of a file compared: per specification the counts of new, resolved, removed and persisting failures, and its requirements (key and facet). ${pairNote}`,
          params: comparisonParamsSchema,
          querystring: comparisonQuerySchema,
          response: { 200: comparisonResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return {
          comparison: await history.comparison(optionalUserId(request), projectId, fileId, request.query),
        };
      },
    );

    app.get(
      `${fileUrl}/comparison/changes`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `A page of one specification's changed findings (kind new, resolved or removed; all without kind), each with its element (GlobalId, name, class, storey) and its failure as structured data. ${pairNote}`,
          params: comparisonParamsSchema,
          querystring: changesQuerySchema,
          response: { 200: changesResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { projectId, fileId } = request.params;
        return history.changes(optionalUserId(request), projectId, fileId, request.query);
      },
    );

    app.get(
      `${fileUrl}/comparison/bcf`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `The new failures of two versions of a file as BCF 2.1 (default) or 3.0 (.bcf): one topic per element and specification, written by the same code as plumbline compare --format bcf; a topic's GUID derives from the specification key and the element, so it stays the same across exports and versions. ${pairNote}`,
          params: comparisonParamsSchema,
          querystring: comparisonBcfQuerySchema,
          response: {
            200: fileResponse('The .bcf archive', 'application/octet-stream'),
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { projectId, fileId } = request.params;
        const out = await history.newFailuresBcf(
          optionalUserId(request),
          projectId,
          fileId,
          request.query,
          requestLocale(request),
        );
        return sendAttachment(reply, out);
      },
    );
  };
}
