import {
  bcfVersionSchema,
  DEFAULT_BCF_VERSION,
  fileParamsSchema,
  generateReportBodySchema,
  generateReportResponseSchema,
  projectIdParamsSchema,
  projectReportParamsSchema,
  reportDownloadResponseSchema,
  reportFileQuerySchema,
  reportListResponseSchema,
  reportParamsSchema,
  reportResponseSchema,
  reportUsageSchema,
  routeAccessOf,
  versionQuerySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse, XLSX_MEDIA_TYPE } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import { requestLocale } from '../../platform/i18n';
import { contentDisposition, sendAttachment } from '../bimfiles';
import { type ReportService, reportInLanguage } from './service';

export function reportRoutes(reports: ReportService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['reports'];

    app.get(
      '/api/v1/projects/:projectId/reports',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: 'Reports of a project, newest first (spec 2 §2.7 Generated Reports)',
          params: projectIdParamsSchema,
          response: { 200: reportListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const locale = requestLocale(request);
        const list = await reports.list(optionalUserId(request), request.params.projectId);
        return { reports: list.map((report) => reportInLanguage(report, locale)) };
      },
    );

    app.get(
      '/api/v1/projects/:projectId/reports/usage',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "This month's report count against the plan's monthly limit (spec 2 §3 Monthly report usage)",
          params: projectIdParamsSchema,
          response: { 200: reportUsageSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => reports.usage(optionalUserId(request), request.params.projectId),
    );

    app.post(
      '/api/v1/projects/:projectId/reports',
      {
        config: { access: routeAccessOf('reports.generate') },
        schema: {
          tags,
          summary:
            "Queue a report (Editor or Admin; not in the demo; within the plan's monthly limit). Poll GET /reports/{id} until completed or failed.",
          params: projectIdParamsSchema,
          body: generateReportBodySchema,
          response: { 201: generateReportResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const report = await reports.generate(
          requireAuth(request).user.id,
          request.params.projectId,
          request.body as Required<typeof request.body>,
        );
        reply.code(201);
        return { report_id: report.id, report: reportInLanguage(report, requestLocale(request)) };
      },
    );

    app.get(
      '/api/v1/reports/:reportId',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: 'A report and its status: pending, processing, completed or failed (with error_message)',
          params: reportParamsSchema,
          response: { 200: reportResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({
        report: reportInLanguage(
          await reports.status(optionalUserId(request), request.params.reportId),
          requestLocale(request),
        ),
      }),
    );

    app.post(
      '/api/v1/projects/:projectId/reports/:reportId/download',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            'A short-lived download_url for a completed report (one per user and report every 30 s); fetch it with the same bearer token',
          params: projectReportParamsSchema,
          response: { 200: reportDownloadResponseSchema, ...errorResponses(401, 404, 409, 429) },
        },
      },
      async (request) =>
        reports.downloadUrl(optionalUserId(request), request.params.projectId, request.params.reportId),
    );

    app.get(
      '/api/v1/reports/:reportId/file',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: 'The report file (PDF or XLSX) behind a download_url',
          params: reportParamsSchema,
          querystring: reportFileQuerySchema,
          response: {
            200: fileResponse('The report as PDF or XLSX', 'application/pdf', XLSX_MEDIA_TYPE),
            ...errorResponses(401, 403, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const file = await reports.file(
          optionalUserId(request),
          request.params.reportId,
          request.query.token,
        );
        reply
          .header('content-type', file.contentType)
          .header('content-disposition', contentDisposition(file.fileName))
          .header('cache-control', 'private, no-store');
        if (file.size !== null) reply.header('content-length', String(file.size));
        return reply.send(file.stream);
      },
    );

    app.get(
      '/api/v1/projects/:projectId/bimfiles/:fileId/bcf',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "A version's failures as BCF 2.1 (default) or 3.0 (.bcf), for one specification or all; topics per element type (default) or per element",
          params: fileParamsSchema,
          querystring: versionQuerySchema.extend({
            specificationId: z.string().uuid('Specification not found').optional(),
            grouping: z.enum(['type', 'element']).default('type'),
            bcfVersion: bcfVersionSchema.default(DEFAULT_BCF_VERSION),
            /** 'true': the model's validity findings too, one topic per failing rule (issue 38). */
            validity: z.enum(['true', 'false']).optional(),
          }),
          response: {
            200: fileResponse('The .bcf archive', 'application/octet-stream'),
            ...errorResponses(401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const { projectId, fileId } = request.params;
        const out = await reports.bcf(
          optionalUserId(request),
          projectId,
          fileId,
          request.query,
          requestLocale(request),
        );
        return sendAttachment(reply, out);
      },
    );

    app.delete(
      '/api/v1/projects/:projectId/reports/:reportId',
      {
        config: { access: routeAccessOf('reports.delete') },
        schema: {
          tags,
          summary: 'Delete a report and its file (Editor or Admin); it still counts against the month',
          params: projectReportParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await reports.remove(requireAuth(request).user.id, request.params.projectId, request.params.reportId);
        return reply.code(204).send(null);
      },
    );
  };
}
