import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { JobDefinition } from '../platform/queue';
import { emailOutbox } from '../schema';
import type { JobDeps } from './deps';

const sendMailPayload = z.object({ outboxId: z.string().uuid() });

const RETRY_LIMIT = 4;

/**
 * Delivers one outbox mail through SMTP; without SMTP_URL it is kept in the outbox as 'stored'. A mail
 * already sent is not sent again (a retried job after a lost acknowledgement).
 */
export const sendMailJob: JobDefinition<z.infer<typeof sendMailPayload>, JobDeps> = {
  name: 'mail.send',
  payload: sendMailPayload,
  queue: { retryLimit: RETRY_LIMIT, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  async handle(deps, payload, job) {
    const [mail] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, payload.outboxId));
    if (!mail || mail.status === 'sent' || mail.status === 'stored') return;
    if (!deps.mailer) {
      await deps.db.update(emailOutbox).set({ status: 'stored' }).where(eq(emailOutbox.id, mail.id));
      return;
    }
    try {
      await deps.mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.bodyText });
      await deps.db
        .update(emailOutbox)
        .set({ status: 'sent', sentAt: deps.clock.now(), error: null })
        .where(eq(emailOutbox.id, mail.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = job.retryCount >= RETRY_LIMIT;
      await deps.db
        .update(emailOutbox)
        .set({ status: last ? 'failed' : 'queued', error: message })
        .where(eq(emailOutbox.id, mail.id));
      if (!last) throw error;
    }
  },
};
