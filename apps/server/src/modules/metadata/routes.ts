import {
  fileParamsSchema,
  metadataElementParamsSchema,
  metadataElementResponseSchema,
  metadataElementSearchQuerySchema,
  metadataElementSearchResponseSchema,
  metadataExportQuerySchema,
  metadataFacetsQuerySchema,
  metadataFacetsResponseSchema,
  metadataPageQuerySchema,
  metadataPageResponseSchema,
  metadataVersionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, fileResponse, XLSX_MEDIA_TYPE } from '../../platform/http/openapi';
import { optionalUserId } from '../../platform/http/session-hook';
import { contentDisposition } from '../bimfiles';
import type { MetadataService } from './service';

const tags = ['metadata'];
const base = '/api/v1/projects/:projectId/bimfiles/:fileId/metadata';
const versionNote =
  'Without versionId, the latest completed version. Readable on the demo project without an account.';

export function metadataRoutes(metadata: MetadataService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      base,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `Element metadata rows (element × property set × property), paged, searched, filtered and sorted. ${versionNote}`,
          params: fileParamsSchema,
          querystring: metadataPageQuerySchema,
          response: { 200: metadataPageResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        metadata.page(optionalUserId(request), { ...request.params, ...request.query }, request.query),
    );

    app.get(
      `${base}/facets`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `Filter panel sections (category, IFC class, level, property set, attribute), each option counted over the rows the other active filters select (its own section's selection does not narrow it), and the numeric properties a value range can filter. ${versionNote}`,
          params: fileParamsSchema,
          querystring: metadataFacetsQuerySchema,
          response: { 200: metadataFacetsResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        metadata.facets(optionalUserId(request), { ...request.params, ...request.query }, request.query),
    );

    app.get(
      `${base}/elements`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `Search elements of a file (name, GlobalId, class or STEP id), at most 10,000. ${versionNote}`,
          params: fileParamsSchema,
          querystring: metadataElementSearchQuerySchema,
          response: { 200: metadataElementSearchResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) =>
        metadata.searchElements(
          optionalUserId(request),
          { ...request.params, ...request.query },
          request.query,
        ),
    );

    app.get(
      `${base}/elements/:viewerDbId`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: `One element (by its STEP id, the viewer id) with every property grouped by set. ${versionNote}`,
          params: metadataElementParamsSchema,
          querystring: metadataVersionQuerySchema,
          response: { 200: metadataElementResponseSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const { viewerDbId, ...params } = request.params;
        return metadata.element(optionalUserId(request), { ...params, ...request.query }, viewerDbId);
      },
    );

    app.get(
      `${base}/export`,
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            'Download the filtered rows as CSV or XLSX (streamed). One export per user every 30 seconds: 429 with Retry-After otherwise; 409 no_data_to_export when nothing matches.',
          params: fileParamsSchema,
          querystring: metadataExportQuerySchema,
          response: {
            200: fileResponse('The rows as CSV or XLSX', 'text/csv', XLSX_MEDIA_TYPE),
            ...errorResponses(400, 401, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const userId = optionalUserId(request);
        const file = await metadata.export(
          userId,
          userId ?? `ip:${request.ip}`,
          { ...request.params, ...request.query },
          request.query,
        );
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(`element-metadata-${date}.${file.extension}`))
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );
  };
}
