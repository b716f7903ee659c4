import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../platform/errors';
import { errorResponses } from '../../platform/http/openapi';
import { requireAuth } from '../../platform/http/session-hook';
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
export function notificationRoutes(outbox: OutboxService): FastifyPluginAsyncZod {
  return async (app) => {
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
