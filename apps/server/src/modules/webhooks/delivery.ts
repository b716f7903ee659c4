import { type VersionComparedEvent, WEBHOOK_HEADERS, type WebhookFormat } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { WebhookConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import type { Logger } from '../../platform/logger';
import type { JobSender } from '../../platform/queue';
import { deliverWebhookJob, retryOf } from './jobs';
import { postBounded } from './outbound';
import { deliveryBody } from './payload';
import { deliveryToSend, insertDelivery, listWebhooks, nextAttemptNumber, recordAttempt } from './repo';
import type { StringSeal } from './seal';
import { signDelivery } from './signature';

/**
 * Writes one delivery per hook of the project for a stored comparison, each with its job, in the
 * caller's transaction (the notice exists exactly when its deliveries do). Returns how many.
 */
export async function queueComparisonDeliveries(
  tx: Database,
  jobs: JobSender,
  config: WebhookConfig,
  input: { projectId: string; eventId: string; event: VersionComparedEvent; at: Date },
): Promise<number> {
  let queued = 0;
  for (const hook of await listWebhooks(tx, input.projectId)) {
    const deliveryId = await insertDelivery(tx, {
      webhookId: hook.id,
      event: 'version.compared',
      eventId: input.eventId,
      body: deliveryBody(hook.format as WebhookFormat, input.event),
      createdAt: input.at,
    });
    if (!deliveryId) continue;
    await jobs.send(deliverWebhookJob, { deliveryId }, tx, retryOf(config));
    queued += 1;
  }
  return queued;
}

export interface DeliveryDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  seal: StringSeal;
  config: WebhookConfig;
}

/**
 * One attempt of a delivery: signs the stored body, POSTs it within bounds, writes the attempt to the
 * log. Returns 'retry' when it failed and the job has retries left (the caller throws, and the queue
 * retries after its backoff). Logs name the hook and the host, never the URL or the secret.
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  deliveryId: string,
  retriesLeft: boolean,
): Promise<'delivered' | 'retry' | 'failed' | 'gone'> {
  const found = await deliveryToSend(deps.db, deliveryId);
  if (!found) return 'gone';
  const { delivery, hook } = found;
  const attempt = await nextAttemptNumber(deps.db, delivery.id);
  const at = deps.clock.now();
  const timestamp = Math.floor(at.getTime() / 1000);
  const result = await postBounded(
    deps.seal.open(hook.urlSealed),
    delivery.body,
    {
      'user-agent': 'Plumbline-Webhook/1',
      [WEBHOOK_HEADERS.event]: delivery.event,
      [WEBHOOK_HEADERS.delivery]: delivery.id,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signDelivery(deps.seal.open(hook.secretSealed), timestamp, delivery.body),
    },
    deps.config,
  );
  const status = result.ok ? 'delivered' : retriesLeft ? 'pending' : 'failed';
  await recordAttempt(
    deps.db,
    {
      deliveryId: delivery.id,
      attempt,
      at,
      statusCode: result.statusCode,
      ok: result.ok,
      error: result.error,
      durationMs: result.durationMs,
    },
    status,
  );
  deps.logger.info(
    {
      webhookId: hook.id,
      host: hook.urlHost,
      deliveryId: delivery.id,
      attempt,
      statusCode: result.statusCode,
      ok: result.ok,
    },
    'webhook delivery attempted',
  );
  return result.ok ? 'delivered' : retriesLeft ? 'retry' : 'failed';
}
