import {
  auditChainVerdictSchema,
  auditListResponseSchema,
  auditQuerySchema,
  routeAccessOf,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, fileResponse } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import { contentDisposition } from '../bimfiles';
import type { AuditReader } from './reader';

const projectParams = z.object({ projectId: z.string().uuid() });

function csvName(what: string): string {
  return `audit-trail-${what}-${new Date().toISOString().slice(0, 10)}.csv`;
}

export function auditRoutes(audit: AuditReader): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['audit'];

    app.get(
      '/api/v1/projects/:projectId/audit',
      {
        config: { access: routeAccessOf('audit.read') },
        schema: {
          tags,
          summary:
            "The project's audit trail, newest first, filtered by action, actor and days (project Admins)",
          params: projectParams,
          querystring: auditQuerySchema,
          response: { 200: auditListResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        audit.listProject(requireAuth(request).user.id, request.params.projectId, request.query),
    );

    app.get(
      '/api/v1/projects/:projectId/audit/export',
      {
        config: { access: routeAccessOf('audit.read') },
        schema: {
          tags,
          summary: "The project's audit trail as CSV, with the same filters (project Admins)",
          params: projectParams,
          querystring: auditQuerySchema,
          response: {
            200: fileResponse('The entries as CSV', 'text/csv'),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const stream = await audit.exportProject(
          requireAuth(request).user.id,
          request.params.projectId,
          request.query,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(csvName('project')))
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.get(
      '/api/v1/admin/audit',
      {
        config: { access: 'account-admin' },
        schema: {
          tags,
          summary: 'Every audit entry of the installation, newest first, filtered (installation admins)',
          querystring: auditQuerySchema,
          response: { 200: auditListResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => audit.listAll(requireAuth(request).user.role === 'admin', request.query),
    );

    app.get(
      '/api/v1/admin/audit/export',
      {
        config: { access: 'account-admin' },
        schema: {
          tags,
          summary: "The installation's audit trail as CSV, with the same filters (installation admins)",
          querystring: auditQuerySchema,
          response: { 200: fileResponse('The entries as CSV', 'text/csv'), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const stream = await audit.exportAll(requireAuth(request).user.role === 'admin', request.query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', contentDisposition(csvName('installation')))
          .header('cache-control', 'no-store')
          .send(stream);
      },
    );

    app.get(
      '/api/v1/admin/audit/verify',
      {
        config: { access: 'account-admin' },
        schema: {
          tags,
          summary:
            'Check the hash chain of the audit trail: every entry recomputed; the first entry that does not hold is named (installation admins)',
          response: { 200: auditChainVerdictSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => audit.verify(requireAuth(request).user.role === 'admin'),
    );
  };
}
