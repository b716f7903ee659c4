import { eq } from 'drizzle-orm';
import { type SendMailPayload, sendMailJob } from '../modules/notifications/jobs';
import type { JobDefinition } from '../platform/queue';
import { emailOutbox } from '../schema';
import type { JobDeps } from './deps';

const RETRY_LIMIT = sendMailJob.queue.retryLimit ?? 0;

/** Runs {@link sendMailJob} (declared, with its payload and retry policy, in modules/notifications/jobs.ts). */
export const sendMailHandler: JobDefinition<SendMailPayload, JobDeps> = {
  ...sendMailJob,
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
