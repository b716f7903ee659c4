import type { CreateWebhookBody, Webhook, WebhookDelivery, WebhookFormat } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { WebhookConfig } from '../../platform/config';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { requireProjectPermission } from '../projects';
import { WebhookError } from './errors';
import { deliverWebhookJob, retryOf } from './jobs';
import { isPrivateAddress } from './outbound';
import { pingBody } from './payload';
import {
  type AttemptRow,
  type DeliveryRow,
  deleteWebhook,
  findDelivery,
  findWebhook,
  insertDelivery,
  insertWebhook,
  lastDeliveries,
  listDeliveries,
  listWebhooks,
  markPending,
  type WebhookRow,
} from './repo';
import type { StringSeal } from './seal';
import { newWebhookSecret } from './signature';

export interface WebhookServiceDeps {
  db: Database;
  clock: Clock;
  jobs: JobSender;
  seal: StringSeal;
  config: WebhookConfig;
}

const DELIVERY_LOG_LENGTH = 50;

/** An Admin's project webhooks (decision 0291): add, list, remove, try, read the log, re-send. */
export function createWebhookService(deps: WebhookServiceDeps) {
  const { db, clock, jobs, seal, config } = deps;
  const admin = (userId: string, projectId: string) =>
    requireProjectPermission({ db, userId }, projectId, 'webhooks.manage');
  const hookOf = async (projectId: string, webhookId: string) => {
    const hook = await findWebhook(db, projectId, webhookId);
    if (!hook) throw new WebhookError('webhook_not_found');
    return hook;
  };

  return {
    async list(userId: string, projectId: string): Promise<{ webhooks: Webhook[] }> {
      await admin(userId, projectId);
      const hooks = await listWebhooks(db, projectId);
      const last = await lastDeliveries(
        db,
        hooks.map((h) => h.id),
      );
      return { webhooks: hooks.map((h) => webhookView(h, last.get(h.id) ?? null)) };
    },

    async create(userId: string, projectId: string, body: CreateWebhookBody) {
      await admin(userId, projectId);
      const url = new URL(body.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (
        !config.allowPrivateAddresses &&
        (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host))
      )
        throw new WebhookError('webhook_address_not_allowed');
      const secret = newWebhookSecret();
      const hook = await insertWebhook(db, {
        projectId,
        name: body.name,
        urlSealed: seal.seal(url.toString()),
        urlHost: url.host,
        format: body.format,
        secretSealed: seal.seal(secret),
        createdBy: userId,
        createdAt: clock.now(),
      });
      return { webhook: webhookView(hook, null), secret };
    },

    async remove(userId: string, projectId: string, webhookId: string): Promise<void> {
      await admin(userId, projectId);
      await deleteWebhook(db, (await hookOf(projectId, webhookId)).id);
    },

    /** Sends a ping through the usual delivery path, so an Admin sees at once whether the hook works. */
    async ping(userId: string, projectId: string, webhookId: string): Promise<{ delivery: WebhookDelivery }> {
      await admin(userId, projectId);
      const hook = await hookOf(projectId, webhookId);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const deliveryId = await insertDelivery(tx, {
          webhookId: hook.id,
          event: 'ping',
          eventId: null,
          body: pingBody(hook.format as WebhookFormat, hook, now),
          createdAt: now,
        });
        if (!deliveryId) throw new Error('ping delivery not written');
        await jobs.send(deliverWebhookJob, { deliveryId }, tx, retryOf(config));
        return deliveryId;
      });
      return { delivery: await deliveryOf(hook.id, id) };
    },

    async deliveries(userId: string, projectId: string, webhookId: string) {
      await admin(userId, projectId);
      const hook = await hookOf(projectId, webhookId);
      const rows = await listDeliveries(db, hook.id, DELIVERY_LOG_LENGTH);
      return { deliveries: rows.map((r) => deliveryView(r.delivery, r.attempts)) };
    },

    /** Sends a delivery's body again (a new signature and timestamp), as further attempts in its log. */
    async resend(userId: string, projectId: string, webhookId: string, deliveryId: string) {
      await admin(userId, projectId);
      const hook = await hookOf(projectId, webhookId);
      const found = await findDelivery(db, hook.id, deliveryId);
      if (!found) throw new WebhookError('webhook_delivery_not_found');
      await db.transaction(async (tx) => {
        await markPending(tx, found.delivery.id);
        await jobs.send(deliverWebhookJob, { deliveryId: found.delivery.id }, tx, retryOf(config));
      });
      return { delivery: await deliveryOf(hook.id, found.delivery.id) };
    },
  };

  async function deliveryOf(webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
    const found = await findDelivery(db, webhookId, deliveryId);
    if (!found) throw new WebhookError('webhook_delivery_not_found');
    return deliveryView(found.delivery, found.attempts);
  }
}

export type WebhookService = ReturnType<typeof createWebhookService>;

function webhookView(hook: WebhookRow, last: DeliveryRow | null): Webhook {
  return {
    id: hook.id,
    name: hook.name,
    url_host: hook.urlHost,
    format: hook.format as WebhookFormat,
    created_at: hook.createdAt.toISOString(),
    last_delivery: last
      ? {
          status: last.status as 'pending' | 'delivered' | 'failed',
          at: (last.deliveredAt ?? last.createdAt).toISOString(),
        }
      : null,
  };
}

function deliveryView(delivery: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: delivery.id,
    event: delivery.event as WebhookDelivery['event'],
    status: delivery.status as WebhookDelivery['status'],
    created_at: delivery.createdAt.toISOString(),
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    attempts: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at.toISOString(),
      status_code: a.statusCode,
      ok: a.ok,
      error: a.error,
      duration_ms: a.durationMs,
    })),
  };
}
