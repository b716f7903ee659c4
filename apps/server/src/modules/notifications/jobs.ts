import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

const sendMailPayload = z.object({ outboxId: z.string().uuid() });

export type SendMailPayload = z.infer<typeof sendMailPayload>;

/**
 * Delivers one outbox mail through SMTP; without SMTP_URL it is kept in the outbox as 'stored'. A mail
 * already sent is not sent again (a retried job after a lost acknowledgement).
 */
export const sendMailJob: JobSpec<SendMailPayload> = {
  name: 'mail.send',
  payload: sendMailPayload,
  queue: { retryLimit: 4, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
};
