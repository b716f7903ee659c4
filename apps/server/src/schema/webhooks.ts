import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/**
 * A project's outbound webhook (decision 0291). The URL and the signing secret are sealed with the
 * server secret (a Slack URL is itself a credential); `url_host` is what the log and the screen show.
 */
export const projectWebhooks = pgTable(
  'project_webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    urlSealed: text('url_sealed').notNull(),
    urlHost: text('url_host').notNull(),
    format: text('format').notNull(),
    secretSealed: text('secret_sealed').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('project_webhooks_project_idx').on(t.projectId),
    check('project_webhooks_format', sql`${t.format} in ('json', 'slack', 'teams')`),
  ],
);

/**
 * A stored comparison whose notices (mail, webhook deliveries) were written: the comparison-stored
 * job's id. A retried job finds its row and writes nothing twice.
 */
export const comparisonNotices = pgTable('comparison_notices', {
  eventId: uuid('event_id').primaryKey(),
  projectId: uuid('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** One event for one hook: the exact body sent (a re-send sends it again), and where it stands. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => projectWebhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The comparison-stored job's id for version.compared; null for a ping. */
    eventId: uuid('event_id'),
    body: text('body').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_unique').on(t.webhookId, t.eventId),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);

/** Every request made for a delivery, in order: the delivery log an Admin reads. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [uniqueIndex('webhook_attempts_delivery_attempt_unique').on(t.deliveryId, t.attempt)],
);
