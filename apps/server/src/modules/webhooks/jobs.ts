import { z } from 'zod';
import type { JobSpec } from '../../platform/queue';

const deliverPayload = z.object({ deliveryId: z.string().uuid() });
export type DeliverWebhookPayload = z.infer<typeof deliverPayload>;

/**
 * Sends one webhook delivery (src/jobs/deliver-webhook.ts). Durable: sent in the transaction that
 * wrote the delivery, retried by the queue after a failure or a dead worker. The retry policy is
 * given per job from WEBHOOK_RETRY_* (`retryOf`), so these queue defaults apply only without it.
 */
export const deliverWebhookJob: JobSpec<DeliverWebhookPayload> = {
  name: 'webhook.deliver',
  payload: deliverPayload,
  queue: { retryLimit: 6, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
};

export function retryOf(config: { retryLimit: number; retryDelaySeconds: number }) {
  return { retryLimit: config.retryLimit, retryDelay: config.retryDelaySeconds, retryBackoff: true };
}
