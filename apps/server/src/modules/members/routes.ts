import {
  addMemberBodySchema,
  memberListResponseSchema,
  memberParamsSchema,
  memberResponseSchema,
  projectIdParamsSchema,
  teamMembersAllResponseSchema,
  updateMemberBodySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, sessionSecurity } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import type { MemberService } from './service';

export function memberRoutes(members: MemberService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['members'];

    app.get(
      '/api/v1/projects/:projectId/members',
      {
        config: { access: 'demo-readable' },
        schema: {
          tags,
          summary: 'Members of a project (the demo project needs no account)',
          security: sessionSecurity,
          params: projectIdParamsSchema,
          response: { 200: memberListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => ({
        data: await members.list(optionalUserId(request), request.params.projectId),
      }),
    );

    app.post(
      '/api/v1/projects/:projectId/members',
      {
        config: { access: 'project-admin' },
        schema: {
          tags,
          summary: 'Add an existing account by e-mail (Admin)',
          security: sessionSecurity,
          params: projectIdParamsSchema,
          body: addMemberBodySchema,
          response: { 201: memberResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const member = await members.add(
          requireAuth(request).user.id,
          request.params.projectId,
          request.body,
        );
        return reply.status(201).send({ member });
      },
    );

    app.patch(
      '/api/v1/projects/:projectId/members/:userId',
      {
        config: { access: 'project-admin' },
        schema: {
          tags,
          summary: "Change a member's role (Admin; Admin members cannot be changed)",
          security: sessionSecurity,
          params: memberParamsSchema,
          body: updateMemberBodySchema,
          response: { 200: memberResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, userId } = request.params;
        const member = await members.changeRole(
          requireAuth(request).user.id,
          projectId,
          userId,
          request.body.role,
        );
        return { member };
      },
    );

    app.delete(
      '/api/v1/projects/:projectId/members/:userId',
      {
        config: { access: 'project-admin' },
        schema: {
          tags,
          summary: 'Remove a member (Admin; Admin members cannot be removed)',
          security: sessionSecurity,
          params: memberParamsSchema,
          response: { 204: z.null().describe('Removed'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, userId } = request.params;
        await members.remove(requireAuth(request).user.id, projectId, userId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/v1/team-members-all',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: "Members of all the caller's projects",
          security: sessionSecurity,
          response: { 200: teamMembersAllResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await members.listAcrossProjects(requireAuth(request).user.id) }),
    );
  };
}
