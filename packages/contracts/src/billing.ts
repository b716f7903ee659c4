import { z } from 'zod';
import { accSelectionSchema } from './acc';

/**
 * Plans, subscriptions, invoices, vouchers and limits (spec 3 §3, §4, §9; spec 1 §3, §5, §9).
 *
 * Routes (all under /api/v1):
 * - GET  /billing/config                                  billing on/off, provider, test mode
 * - GET  /billing/tiers?currency=AUD                      plans sorted by AUD price
 * - PUT  /billing/tiers/{tierId}                          edit a plan (installation admin)
 * - POST /vouchers/validate                               { code } → voucher validation result
 * - POST /billing/subscription-payments                   pay, then create the project and its subscription
 * - GET  /billing/subscriptions                           the caller's projects' subscriptions
 * - GET  /billing/subscriptions/{id}/plan-changes         each plan priced for it, with the upgrade charge
 * - PUT  /billing/subscriptions/{id}/card                 replace the saved card (the ledger)
 * - POST /billing/invoices/{invoiceId}/pay                pay a due or overdue invoice (the ledger)
 * - POST /billing/subscriptions/{id}/cancel | reactivate | upgrade | downgrade
 * - POST /billing/portal                                  { returnUrl } → { url }
 * - GET  /billing/billing-history                         invoices of the caller's projects
 * - GET  /billing/billing-history/{invoiceId}/receipt/download   receipt PDF
 * - GET  /billing/invoices/{invoiceId}/pdf                invoice PDF
 * - GET  /projects/{projectId}/limits                     limits, usage and violations
 */

export const currencySchema = z.enum(['AUD', 'USD', 'GBP', 'EUR']);
export type Currency = z.infer<typeof currencySchema>;

export const refreshFrequencySchema = z.enum(['weekly', 'daily', 'hourly', 'manual']);
export type RefreshFrequency = z.infer<typeof refreshFrequencySchema>;

export const billingConfigSchema = z.object({
  /** false when the installation does not sell plans (BILLING=off): no tab, no payment, no limits. */
  enabled: z.boolean(),
  provider: z.enum(['ledger', 'stripe']),
  /** The built-in ledger takes test cards only. */
  testMode: z.boolean(),
  currencies: z.array(currencySchema),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

export const tierSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  max_files: z.number().int(),
  max_storage_gb: z.number().int(),
  max_users: z.number().int(),
  max_reports_per_month: z.number().int(),
  refresh_frequency: refreshFrequencySchema,
  allow_api_access: z.boolean(),
  price_monthly_aud: z.number(),
  price_monthly_usd: z.number(),
  price_monthly_gbp: z.number(),
  price_monthly_eur: z.number(),
  is_active: z.boolean(),
  stripePriceId: z.string().nullable(),
  popular: z.boolean(),
  features: z.array(z.string()),
  /** Monthly price in the requested currency (major units, e.g. 149 for A$149). */
  price: z.number(),
  currency: currencySchema,
});
export type Tier = z.infer<typeof tierSchema>;

export const tiersQuerySchema = z.object({
  currency: currencySchema.default('AUD'),
  interval: z.literal('month').default('month'),
});
export const tierListResponseSchema = z.object({ tiers: z.array(tierSchema) });

export const tierParamsSchema = z.object({ tierId: z.string().min(1).max(64) });
export const updateTierBodySchema = z
  .object({
    name: z.string().trim().min(1).max(60),
    description: z.string().trim().max(500),
    max_files: z.number().int().min(1).max(100_000),
    max_storage_gb: z.number().int().min(1).max(100_000),
    max_users: z.number().int().min(1).max(100_000),
    max_reports_per_month: z.number().int().min(0).max(100_000),
    refresh_frequency: refreshFrequencySchema,
    allow_api_access: z.boolean(),
    price_monthly_aud: z.number().min(0).max(1_000_000),
    price_monthly_usd: z.number().min(0).max(1_000_000),
    price_monthly_gbp: z.number().min(0).max(1_000_000),
    price_monthly_eur: z.number().min(0).max(1_000_000),
    is_active: z.boolean(),
    stripePriceId: z.string().trim().max(200).nullable(),
    popular: z.boolean(),
    features: z.array(z.string().trim().min(1).max(200)).max(20),
  })
  .partial();
export const tierResponseSchema = z.object({ tier: tierSchema });

export const voucherCodeSchema = z
  .string()
  .trim()
  .min(1, 'validation.billing.voucherRequired')
  .max(40, 'error.voucher_invalid')
  .transform((code) => code.toUpperCase());
export const validateVoucherBodySchema = z.object({ code: voucherCodeSchema });
export const voucherValidationSchema = z.object({
  valid: z.boolean(),
  discount_type: z.enum(['percentage', 'amount']).nullable(),
  /** Percent for 'percentage'; cents for 'amount'. */
  discount_value: z.number().nullable(),
  description: z.string().nullable(),
  message: z.string(),
});
export type VoucherValidation = z.infer<typeof voucherValidationSchema>;

export const cardInputSchema = z.object({
  number: z
    .string()
    .trim()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'validation.billing.cardNumberIncomplete')),
  expMonth: z
    .number()
    .int()
    .min(1, 'validation.billing.cardExpiryInvalid')
    .max(12, 'validation.billing.cardExpiryInvalid'),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type CardInput = z.input<typeof cardInputSchema>;

export const subscriptionPaymentBodySchema = z.object({
  customerName: z.string().trim().min(1, 'validation.fullName.required').max(200),
  billingEmail: z.string().trim().email('validation.email.invalid').max(320),
  saveCard: z.boolean().default(true),
  tierId: z.string({ error: 'validation.billing.planRequired' }).min(1),
  currency: currencySchema.default('AUD'),
  voucherCode: voucherCodeSchema.optional(),
  card: cardInputSchema,
  projectName: z
    .string()
    .trim()
    .min(1, 'validation.project.nameRequired')
    .max(255, 'validation.project.nameTooLong'),
  projectDescription: z.string().trim().max(1000, 'validation.description.tooLong').optional().default(''),
  /** The same key sent again returns the first answer and charges nothing more. */
  idempotencyKey: z.string().trim().min(8).max(100),
  /** Files to import from Autodesk Construction Cloud into the new project (spec 1 §7). */
  acc: accSelectionSchema.optional(),
});
export type SubscriptionPaymentBody = z.input<typeof subscriptionPaymentBodySchema>;

export const subscriptionStatusSchema = z.enum(['active', 'past_due', 'canceled']);
export const paymentStatusSchema = z.enum(['paid', 'due', 'overdue']);

export const subscriptionSchema = z.object({
  id: z.string().uuid(),
  project_id: z.string().uuid(),
  tier_id: z.string(),
  tier: tierSchema,
  status: subscriptionStatusSchema,
  payment_status: paymentStatusSchema,
  cancel_at_period_end: z.boolean(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  /** A downgrade waiting for the next billing cycle. */
  scheduled_tier_id: z.string().nullable(),
  currency: currencySchema,
  voucher_code: z.string().nullable(),
  stripe_promotion_code_id: z.string().nullable(),
  discount_applied_percentage: z.number().nullable(),
  discount_applied_amount_cents: z.number().nullable(),
  /** What a month of its plan bills, voucher applied, in its currency (major units); `tier.price` is the list price. */
  monthly_billed: z.number(),
  card: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() })
    .nullable(),
  /** Whether the caller may change it (project Admins). */
  can_manage: z.boolean(),
  project: z.object({
    name: z.string(),
    files_count: z.number().int(),
    team_members_count: z.number().int(),
  }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListResponseSchema = z.object({ subscriptions: z.array(subscriptionSchema) });
export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });

export const subscriptionPaymentResponseSchema = z.object({
  project_id: z.string().uuid(),
  subscription: subscriptionSchema,
  invoice_id: z.string().uuid(),
});

export const subscriptionParamsSchema = z.object({
  subscriptionId: z.string().uuid('error.subscription_not_found'),
});
export const cancelSubscriptionBodySchema = z.object({
  subscriptionId: z.string().uuid().optional(),
  /** Cancelling happens at period end only (spec 3 §4). */
  cancelImmediately: z.literal(false).default(false),
});
export const reactivateSubscriptionBodySchema = z.object({ subscriptionId: z.string().uuid().optional() });
export const changePlanBodySchema = z.object({
  subscriptionId: z.string().uuid().optional(),
  newTierId: z.string().min(1).max(64),
  confirmProjectName: z.string(),
  /**
   * An upgrade: the `priced_as_of` of the plan changes the person saw, so that the charge is prorated as
   * of the same instant as the estimate (Stripe's `proration_date`); refused once older than the
   * estimate's validity. Absent: prorated as of now.
   */
  pricedAsOf: z.string().datetime().optional(),
});

/** One plan as a change of a subscription, priced in its currency with its voucher (decision 0310). */
export const planChangeOptionSchema = z.object({
  tier: tierSchema,
  change: z.enum(['current', 'upgrade', 'downgrade', 'same']),
  monthly_list: z.number(),
  monthly_billed: z.number(),
  /** An upgrade's charge today, exactly what the upgrade then charges (the ledger's pricing, or Stripe's preview of the invoice the change raises); null for other changes, and when the provider could not say. */
  charge_now: z.number().nullable(),
});
export const planChangeOptionsSchema = z.object({
  subscription_id: z.string().uuid(),
  currency: currencySchema,
  days_remaining: z.number().int(),
  proration_days: z.number().int(),
  /** The instant every `charge_now` is prorated as of; an upgrade sent with it charges exactly that. */
  priced_as_of: z.string().datetime(),
  options: z.array(planChangeOptionSchema),
});
export type PlanChangeOptions = z.infer<typeof planChangeOptionsSchema>;
export type PlanChangeOption = z.infer<typeof planChangeOptionSchema>;

/** The ledger's portal actions: a new card for a subscription, and paying an open invoice. */
export const replaceCardBodySchema = z.object({ card: cardInputSchema });
export const payInvoiceBodySchema = z.object({
  /** Pays with this card (and saves it for the subscription); without it, with the saved card. */
  card: cardInputSchema.optional(),
});

export const portalBodySchema = z.object({
  userId: z.string().optional(),
  returnUrl: z.string().startsWith('/').max(500).default('/dashboard'),
});
export const portalResponseSchema = z.object({ url: z.string() });

export const invoiceStatusSchema = z.enum(['paid', 'due', 'overdue']);
export const invoiceRowSchema = z.object({
  id: z.string().uuid(),
  invoice_id: z.string().uuid(),
  invoice_number: z.string(),
  name: z.string(),
  project_name_snapshot: z.string(),
  project_id: z.string().uuid(),
  date: z.string(),
  created: z.number().int(),
  /** Major units of the currency. */
  amount: z.number(),
  currency: currencySchema,
  computed_status: invoiceStatusSchema,
  display_status: z.string(),
  invoice_pdf: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
  receipt_url: z.string().nullable(),
  receipt_number: z.string().nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;
export const billingHistoryResponseSchema = z.object({ invoices: z.array(invoiceRowSchema) });
export const invoiceResponseSchema = z.object({ invoice: invoiceRowSchema });
export const invoiceParamsSchema = z.object({ invoiceId: z.string().uuid('error.invoice_not_found') });

export const limitTypeSchema = z.enum(['files', 'storage', 'users']);
export const violationSchema = z.object({
  type: limitTypeSchema,
  current: z.number(),
  limit: z.number(),
  severity: z.enum(['warning', 'error']),
});
export type Violation = z.infer<typeof violationSchema>;
export const projectLimitsSchema = z.object({
  /** Plan name, 'Default (no plan)' without a subscription, 'Demo' for the demo project, 'Unlimited' with BILLING=off. */
  plan: z.string(),
  limits: z.object({
    maxFiles: z.number().int(),
    maxStorageGB: z.number(),
    maxUsers: z.number().int(),
    refreshFrequency: refreshFrequencySchema,
    allowRefresh: z.boolean(),
    maxReportsPerMonth: z.number().int(),
  }),
  usage: z.object({
    files: z.number().int(),
    storageBytes: z.number(),
    /** Seats taken: members and pending invitations (an invitation holds its seat until it expires). */
    users: z.number().int(),
    /** Of `users`, the pending invitations. */
    invited: z.number().int().optional(),
  }),
  violations: z.array(violationSchema),
});
export type ProjectLimits = z.infer<typeof projectLimitsSchema>;

/** Error codes of the billing module (HTTP status in brackets). */
export const billingErrorCodes = [
  'billing_disabled', // 404
  'acc_unavailable', // 400 the payment names ACC files but the ACC import is off
  'tier_not_found', // 404 Plan selection error
  'tier_not_configured', // 400 Plan configuration error
  'voucher_invalid', // 400
  'card_declined', // 402
  'card_invalid', // 400
  'subscription_not_found', // 404
  'confirmation_required', // 400
  'not_an_upgrade', // 400
  'not_a_downgrade', // 400
  'subscription_canceled', // 409
  'plan_estimate_expired', // 409 the upgrade's estimate is older than its validity: price it again
  'invoice_not_found', // 404
  'invoice_not_open', // 409 the invoice is already paid
  'admin_role_required', // 403
  'installation_admin_required', // 403
  'limit_files', // 403
  'limit_storage', // 403
  'limit_users', // 403
  'limit_reports', // 403
  'refresh_not_allowed', // 403
  'idempotency_conflict', // 409
  'checkout_required', // 400 PAYMENTS=stripe takes cards on Stripe's page only
  'checkout_not_found', // 404
  'webhook_signature_invalid', // 400
  'provider_unavailable', // 502 the payment provider did not answer
] as const;

/** Spec 1 §7 checkout-session mutation (PAYMENTS=stripe): the plan and the project to create once paid. */
export const checkoutSessionBodySchema = z.object({
  tierId: z.string({ error: 'validation.billing.planRequired' }).min(1),
  quantity: z.number().int().min(1).max(1).default(1),
  customerName: z.string().trim().min(1, 'validation.fullName.required').max(200),
  billingEmail: z.string().trim().email('validation.email.invalid').max(320),
  projectName: z
    .string()
    .trim()
    .min(1, 'validation.project.nameRequired')
    .max(255, 'validation.project.nameTooLong'),
  projectDescription: z.string().trim().max(1000, 'validation.description.tooLong').optional().default(''),
  /** Files to import from Autodesk Construction Cloud once Stripe confirms the payment. */
  acc: accSelectionSchema.optional(),
});
export type CheckoutSessionBody = z.input<typeof checkoutSessionBodySchema>;

export const checkoutSessionResponseSchema = z.object({ session_id: z.string(), url: z.string() });

export const checkoutSessionParamsSchema = z.object({ sessionId: z.string().min(1).max(255) });

/** Whether the provider has taken the payment and the project exists yet. */
export const checkoutStatusSchema = z.object({
  session_id: z.string(),
  status: z.enum(['open', 'completed', 'expired']),
  project_id: z.string().uuid().nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;
export type BillingErrorCode = (typeof billingErrorCodes)[number];
