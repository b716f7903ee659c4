import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { projects } from './projects';
import { users } from './users';

/** Plans (spec 3 §3 Tier). Prices are whole cents per month; seeded by the migration (decision 0140). */
export const billingTiers = pgTable('billing_tiers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  maxFiles: integer('max_files').notNull(),
  maxStorageGb: integer('max_storage_gb').notNull(),
  maxUsers: integer('max_users').notNull(),
  maxReportsPerMonth: integer('max_reports_per_month').notNull(),
  refreshFrequency: text('refresh_frequency').notNull(),
  allowApiAccess: boolean('allow_api_access').notNull().default(true),
  priceAudCents: integer('price_aud_cents').notNull(),
  priceUsdCents: integer('price_usd_cents').notNull(),
  priceGbpCents: integer('price_gbp_cents').notNull(),
  priceEurCents: integer('price_eur_cents').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  stripePriceId: text('stripe_price_id'),
  popular: boolean('popular').notNull().default(false),
  features: jsonb('features').$type<string[]>().notNull().default([]),
});

/** One subscription per project (spec 3 §3 Subscription). */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    tierId: text('tier_id')
      .notNull()
      .references(() => billingTiers.id),
    customerUserId: uuid('customer_user_id')
      .notNull()
      .references(() => users.id),
    customerName: text('customer_name').notNull(),
    billingEmail: text('billing_email').notNull(),
    status: text('status').notNull(),
    paymentStatus: text('payment_status').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    scheduledTierId: text('scheduled_tier_id').references(() => billingTiers.id),
    currency: text('currency').notNull(),
    voucherCode: text('voucher_code'),
    discountPercentage: numeric('discount_percentage', { mode: 'number' }),
    discountAmountCents: integer('discount_amount_cents'),
    /** Never the card number: brand, last 4 and expiry only, and only when the buyer saved the card. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    /** The provider's customer (Stripe `cus_…`), for its billing portal. */
    providerCustomerId: text('provider_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('billing_subscriptions_project_unique').on(t.projectId),
    uniqueIndex('billing_subscriptions_provider_unique')
      .on(t.providerSubscriptionId)
      .where(sql`provider_subscription_id is not null`),
    index('billing_subscriptions_period_end_idx').on(t.currentPeriodEnd),
  ],
);

export const billingInvoiceNumber = pgSequence('billing_invoice_number_seq', { startWith: 1001 });

/** Invoices: one per billing cycle (kind 'cycle') plus one per upgrade (kind 'proration'). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    receiptNumber: text('receipt_number'),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    projectNameSnapshot: text('project_name_snapshot').notNull(),
    tierName: text('tier_name').notNull(),
    customerName: text('customer_name').notNull(),
    billingEmail: text('billing_email').notNull(),
    voucherCode: text('voucher_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** The provider's invoice (Stripe `in_…`): its webhooks update this row, never add a second. */
    providerInvoiceId: text('provider_invoice_id'),
  },
  (t) => [
    uniqueIndex('billing_invoices_number_unique').on(t.invoiceNumber),
    uniqueIndex('billing_invoices_provider_unique')
      .on(t.providerInvoiceId)
      .where(sql`provider_invoice_id is not null`),
    // The cycle job may run twice: one cycle invoice per subscription and period, whatever happens.
    uniqueIndex('billing_invoices_cycle_unique')
      .on(t.subscriptionId, t.periodStart)
      .where(sql`kind = 'cycle'`),
    index('billing_invoices_project_idx').on(t.projectId),
    check('billing_invoices_total_not_negative', sql`${t.totalCents} >= 0`),
  ],
);

export const billingVouchers = pgTable(
  'billing_vouchers',
  {
    /** Stored upper-case. */
    code: text('code').primaryKey(),
    discountType: text('discount_type').notNull(),
    /** Percent for 'percentage', cents for 'amount'. */
    discountValue: integer('discount_value').notNull(),
    description: text('description').notNull().default(''),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('billing_vouchers_code_upper', sql`${t.code} = upper(${t.code})`),
    check(
      'billing_vouchers_value_range',
      sql`${t.discountValue} >= 0 and (${t.discountType} <> 'percentage' or ${t.discountValue} <= 100)`,
    ),
  ],
);

/** Answers of subscription payments by idempotency key: a retried request is answered, not charged again. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.idempotencyKey] })],
);

/**
 * A wizard payment sent to the provider's hosted checkout (PAYMENTS=stripe, spec 1 §4 redirect path):
 * what to create once the provider says it is paid. Completed once, by the webhook or by the browser
 * returning with its session id, whichever comes first.
 */
export const billingCheckouts = pgTable('billing_checkouts', {
  sessionId: text('session_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tierId: text('tier_id')
    .notNull()
    .references(() => billingTiers.id),
  projectName: text('project_name').notNull(),
  projectDescription: text('project_description').notNull(),
  customerName: text('customer_name').notNull(),
  billingEmail: text('billing_email').notNull(),
  status: text('status').notNull(),
  projectId: uuid('project_id'),
  /** What the project brings once paid (the ACC import, its tokens sealed), as `ProjectSetup.snapshot` gave it. */
  setup: jsonb('setup'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** Provider webhook events already applied, by event id: a replayed or duplicated event changes nothing. */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});
