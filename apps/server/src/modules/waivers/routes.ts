import {
  createWaiverBodySchema,
  decideWaiverBodySchema,
  routeAccessOf,
  waiverListQuerySchema,
  waiverListSchema,
  waiverSchema,
  waiverSettingsSchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import { requestLocale } from '../../platform/i18n';
import { contentDisposition } from '../bimfiles';
import type { WaiverService } from './service';

const projectParams = z.object({ projectId: z.string().uuid() });
const waiverParams = projectParams.extend({ waiverId: z.string().uuid() });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Waivers (issue 32): list and export (members), request (Editors), approve, reject, settings (Admins). */
export function waiverRoutes(waivers: WaiverService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['waivers'];

    app.get(
      '/api/v1/projects/:projectId/waivers',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "The project's waivers, pending first, filtered by state, specification, requester or expiring soon",
          params: projectParams,
          querystring: waiverListQuerySchema,
          response: { 200: waiverListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => waivers.list(optionalUserId(request), request.params.projectId, request.query),
    );

    app.get(
      '/api/v1/projects/:projectId/waivers/export',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary:
            "The project's waivers as an Excel workbook, with the same filters (422 when more match than one export holds)",
          params: projectParams,
          querystring: waiverListQuerySchema,
          response: {
            200: fileResponse('The waivers as XLSX', XLSX),
            ...errorResponses(400, 401, 403, 404, 422),
          },
        },
      },
      async (request, reply) => {
        const body = await waivers.exportXlsx(
          optionalUserId(request),
          request.params.projectId,
          request.query,
          requestLocale(request),
        );
        return reply
          .header('content-type', XLSX)
          .header(
            'content-disposition',
            contentDisposition(`waivers-${new Date().toISOString().slice(0, 10)}.xlsx`),
          )
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    app.post(
      '/api/v1/projects/:projectId/waivers',
      {
        config: { access: routeAccessOf('waivers.request') },
        schema: {
          tags,
          summary:
            'Request a waiver for a failure (Editors): one element, every element of its type, of its storey, or the whole specification, against one requirement, with a reason and an expiry of at most 365 days',
          params: projectParams,
          body: createWaiverBodySchema,
          response: { 201: z.object({ waiver: waiverSchema }), ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.status(201).send({
          waiver: await waivers.request(requireAuth(request).user.id, request.params.projectId, request.body),
        }),
    );

    for (const outcome of ['approve', 'reject'] as const) {
      app.post(
        `/api/v1/projects/:projectId/waivers/:waiverId/${outcome}`,
        {
          config: { access: routeAccessOf('waivers.decide') },
          schema: {
            tags,
            summary:
              outcome === 'approve'
                ? 'Approve a requested waiver, or one needing review (project Admins; not your own unless the project allows it): its failures count as waived'
                : 'Reject a requested waiver, or one needing review (project Admins; not your own unless the project allows it)',
            params: waiverParams,
            body: decideWaiverBodySchema,
            response: { 200: z.object({ waiver: waiverSchema }), ...errorResponses(400, 401, 403, 404, 409) },
          },
        },
        async (request) => {
          const userId = requireAuth(request).user.id;
          const { projectId, waiverId } = request.params;
          return {
            waiver:
              outcome === 'approve'
                ? await waivers.approve(userId, projectId, waiverId, request.body)
                : await waivers.reject(userId, projectId, waiverId, request.body),
          };
        },
      );
    }

    app.put(
      '/api/v1/projects/:projectId/waiver-settings',
      {
        config: { access: routeAccessOf('waivers.decide') },
        schema: {
          tags,
          summary:
            'Whether a project Admin may approve their own waiver request (project Admins; default off)',
          params: projectParams,
          body: waiverSettingsSchema,
          response: { 200: waiverSettingsSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        waivers.setSettings(requireAuth(request).user.id, request.params.projectId, request.body),
    );
  };
}
