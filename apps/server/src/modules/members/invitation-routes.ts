import {
  acceptInvitationResponseSchema,
  myInvitationListResponseSchema,
  myInvitationParamsSchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import type { InvitationService } from './invitations';

/** The signed-in account's own invitations (its verified e-mail's). */
export function invitationRoutes(invitations: InvitationService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['members'];

    app.get(
      '/api/v1/invitations',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: "Pending invitations to the signed-in account's e-mail",
          response: { 200: myInvitationListResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ({ data: await invitations.listMine(requireAuth(request)) }),
    );

    app.post(
      '/api/v1/invitations/:invitationId/accept',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Accept an invitation: join the project with the invited role',
          params: myInvitationParamsSchema,
          response: { 200: acceptInvitationResponseSchema, ...errorResponses(401, 403, 404, 409, 410) },
        },
      },
      async (request) => invitations.accept(requireAuth(request), request.params.invitationId),
    );

    app.delete(
      '/api/v1/invitations/:invitationId',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Decline an invitation',
          params: myInvitationParamsSchema,
          response: { 204: z.null().describe('Declined'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await invitations.decline(requireAuth(request), request.params.invitationId);
        return reply.status(204).send(null);
      },
    );
  };
}
