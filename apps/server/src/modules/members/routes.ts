import {
  addMemberBodySchema,
  addMemberResponseSchema,
  invitationParamsSchema,
  memberListResponseSchema,
  memberParamsSchema,
  memberResponseSchema,
  projectIdParamsSchema,
  routeAccessOf,
  teamMembersAllResponseSchema,
  transferOwnershipBodySchema,
  updateMemberBodySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { optionalUserId, requireAuth } from '../../platform/http/session-hook';
import { renderFor } from '../../platform/i18n';
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
          params: projectIdParamsSchema,
          response: { 200: memberListResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) => members.list(optionalUserId(request), request.params.projectId),
    );

    app.post(
      '/api/v1/projects/:projectId/members',
      {
        config: { access: routeAccessOf('members.manage') },
        schema: {
          tags,
          summary:
            'Add by e-mail (Admin): a verified account as Editor/Viewer joins at once, anyone else is invited; the answer is the same',
          params: projectIdParamsSchema,
          body: addMemberBodySchema,
          response: { 201: addMemberResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const answer = await members.add(
          requireAuth(request).user.id,
          request.params.projectId,
          request.body,
        );
        return reply.status(201).send({ message: renderFor(request, answer.message) });
      },
    );

    app.delete(
      '/api/v1/projects/:projectId/invitations/:invitationId',
      {
        config: { access: routeAccessOf('members.manage') },
        schema: {
          tags,
          summary: 'Revoke a pending invitation (Admin)',
          params: invitationParamsSchema,
          response: { 204: z.null().describe('Revoked'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, invitationId } = request.params;
        await members.revokeInvitation(requireAuth(request).user.id, projectId, invitationId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/v1/projects/:projectId/owner',
      {
        config: { access: routeAccessOf('members.manage') },
        schema: {
          tags,
          summary: 'Transfer the ownership to another Admin member (owner only)',
          params: projectIdParamsSchema,
          body: transferOwnershipBodySchema,
          response: {
            200: memberListResponseSchema.pick({ data: true }),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => ({
        data: await members.transferOwnership(
          requireAuth(request).user.id,
          request.params.projectId,
          request.body.userId,
        ),
      }),
    );

    app.patch(
      '/api/v1/projects/:projectId/members/:userId',
      {
        config: { access: routeAccessOf('members.manage') },
        schema: {
          tags,
          summary: "Change a member's role (Admin; other Admins by the owner only; never the owner)",
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
        config: { access: routeAccessOf('members.manage') },
        schema: {
          tags,
          summary: 'Remove a member (Admin; other Admins by the owner only; never the owner)',
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
          response: { 200: teamMembersAllResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ({ data: await members.listAcrossProjects(requireAuth(request).user.id) }),
    );
  };
}
