import {
  createWebhookBodySchema,
  createWebhookResponseSchema,
  projectIdParamsSchema,
  routeAccessOf,
  webhookDeliveryListResponseSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookListResponseSchema,
  webhookParamsSchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import type { WebhookService } from './service';

/** A project's outbound webhooks, for its Admins (decision 0291). */
export function webhookRoutes(webhooks: WebhookService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['webhooks'];
    const access = routeAccessOf('webhooks.manage');

    app.get(
      '/api/v1/projects/:projectId/webhooks',
      {
        config: { access },
        schema: {
          tags,
          summary: "The project's webhooks (Admin); URLs shown by host only",
          params: projectIdParamsSchema,
          response: { 200: webhookListResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => webhooks.list(requireAuth(request).user.id, request.params.projectId),
    );

    app.post(
      '/api/v1/projects/:projectId/webhooks',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Add a webhook (Admin); the answer holds its signing secret, shown this once',
          params: projectIdParamsSchema,
          body: createWebhookBodySchema,
          response: { 201: createWebhookResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await webhooks.create(requireAuth(request).user.id, request.params.projectId, request.body)),
    );

    app.delete(
      '/api/v1/projects/:projectId/webhooks/:webhookId',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Remove a webhook and its delivery log (Admin)',
          params: webhookParamsSchema,
          response: { 204: z.null(), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, webhookId } = request.params;
        await webhooks.remove(requireAuth(request).user.id, projectId, webhookId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/v1/projects/:projectId/webhooks/:webhookId/ping',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Send a test delivery (Admin); it appears in the delivery log',
          params: webhookParamsSchema,
          response: { 202: webhookDeliveryResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, webhookId } = request.params;
        return reply
          .status(202)
          .send(await webhooks.ping(requireAuth(request).user.id, projectId, webhookId));
      },
    );

    app.get(
      '/api/v1/projects/:projectId/webhooks/:webhookId/deliveries',
      {
        config: { access },
        schema: {
          tags,
          summary: "A webhook's last 50 deliveries, newest first, each with every attempt (Admin)",
          params: webhookParamsSchema,
          response: { 200: webhookDeliveryListResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        const { projectId, webhookId } = request.params;
        return webhooks.deliveries(requireAuth(request).user.id, projectId, webhookId);
      },
    );

    app.post(
      '/api/v1/projects/:projectId/webhooks/:webhookId/deliveries/:deliveryId/resend',
      {
        config: { access },
        schema: {
          tags,
          summary: 'Send a delivery again, freshly signed (Admin)',
          params: webhookDeliveryParamsSchema,
          response: { 202: webhookDeliveryResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { projectId, webhookId, deliveryId } = request.params;
        return reply
          .status(202)
          .send(await webhooks.resend(requireAuth(request).user.id, projectId, webhookId, deliveryId));
      },
    );
  };
}
