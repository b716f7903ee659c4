import { attemptDelivery, type DeliverWebhookPayload, deliverWebhookJob } from '../modules/webhooks';
import type { JobDefinition } from '../platform/queue';
import type { JobDeps } from './deps';

/**
 * Runs {@link deliverWebhookJob}: one attempt per run. A failed attempt with retries left throws, so
 * the queue runs it again after its backoff (WEBHOOK_RETRY_DELAY_SECONDS, doubling); the last one
 * marks the delivery failed and returns. A worker killed mid-attempt leaves the job active: the
 * queue retries it (platform/queue.ts).
 */
export const deliverWebhookHandler: JobDefinition<DeliverWebhookPayload, JobDeps> = {
  ...deliverWebhookJob,
  async handle(deps, payload, job) {
    const retriesLeft = job.retryCount < deps.webhooks.config.retryLimit;
    const outcome = await attemptDelivery(
      { db: deps.db, clock: deps.clock, logger: deps.logger, ...deps.webhooks },
      payload.deliveryId,
      retriesLeft,
    );
    if (outcome === 'retry') throw new Error('The webhook receiver did not accept the delivery; retried.');
  },
};
