import {
  projectIdParamsSchema,
  projectMailSettingSchema,
  projectMailSettingsResponseSchema,
  updateProjectMailBodySchema,
} from '@plumbline/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../platform/errors';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
import type { MailSettingsService } from './mail-settings';
import type { OutboxService } from './outbox';

const outboxSchema = z.object({
  mails: z.array(
    z.object({
      id: z.string().uuid(),
      to: z.string(),
      kind: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.enum(['queued', 'sent', 'failed', 'stored']),
      error: z.string().nullable(),
      created_at: z.string(),
      sent_at: z.string().nullable(),
    }),
  ),
});

/** The outbox for an installation admin: every notification mail, newest first (the last 200). */
export function notificationRoutes(
  outbox: OutboxService,
  settings: MailSettingsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/v1/profile/project-mail',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['profile'],
          summary:
            "The caller's own mail setting in each of their projects: every version, regressions only, none",
          response: { 200: projectMailSettingsResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => settings.list(requireAuth(request).user.id),
    );

    app.put(
      '/api/v1/profile/project-mail/:projectId',
      {
        config: { access: 'signed-in' },
        schema: {
          tags: ['profile'],
          summary: "Sets the caller's own mail setting in one of their projects",
          params: projectIdParamsSchema,
          body: updateProjectMailBodySchema,
          response: { 200: projectMailSettingSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) =>
        settings.set(requireAuth(request).user.id, request.params.projectId, request.body.changes),
    );

    app.get(
      '/api/v1/admin/outbox',
      {
        config: { access: 'account-admin' },
        schema: {
          tags: ['admin'],
          summary:
            'Notification e-mails, newest first (installation admins); without SMTP_URL they are kept here',
          response: { 200: outboxSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        if (requireAuth(request).user.role !== 'admin') throw new HttpError('admin_required');
        return { mails: await outbox.latest() };
      },
    );
  };
}
