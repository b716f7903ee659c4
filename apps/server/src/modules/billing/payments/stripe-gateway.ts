// Thin Stripe gateway: the operations the billing service needs, in Stripe's terms, through the
// official SDK. The API base is overridable (a loopback stand-in in tests).
import Stripe from 'stripe';

export interface StripeGatewayConfig {
  secretKey: string;
  webhookSecret: string;
  /** e.g. http://127.0.0.1:4010; defaults to Stripe's own API. */
  apiBase?: string;
}

export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export class StripeCardError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }
}

export function createStripeGateway(cfg: StripeGatewayConfig) {
  const base = cfg.apiBase ? new URL(cfg.apiBase) : undefined;
  const stripe = new Stripe(cfg.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 0,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'http:' ? 80 : 443)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });

  async function card<T>(p: Promise<T>): Promise<T> {
    try {
      return await p;
    } catch (e) {
      if (e instanceof Stripe.errors.StripeCardError)
        throw new StripeCardError(e.message, e.code, e.decline_code);
      throw e;
    }
  }

  return {
    createCustomer: (p: { email: string; name?: string; projectId: string }, idempotencyKey?: string) =>
      stripe.customers.create(
        { email: p.email, name: p.name, metadata: { project_id: p.projectId } },
        idempotencyKey ? { idempotencyKey } : undefined,
      ),
    retrieveCustomer: (id: string) => stripe.customers.retrieve(id),
    findCustomerByEmail: async (email: string) =>
      (await stripe.customers.list({ email, limit: 1 })).data[0] ?? null,
    /** Attaches a payment method and makes it the customer's default for invoices. */
    async setDefaultPaymentMethod(customerId: string, paymentMethodId: string) {
      const pm = await card(stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } });
      return pm;
    },
    createSubscription: (
      p: { customerId: string; priceId: string; projectId: string },
      idempotencyKey?: string,
    ) =>
      stripe.subscriptions.create(
        { customer: p.customerId, items: [{ price: p.priceId }], metadata: { project_id: p.projectId } },
        idempotencyKey ? { idempotencyKey } : undefined,
      ),
    retrieveSubscription: (id: string) => stripe.subscriptions.retrieve(id),
    /**
     * Upgrade now: swaps the price and invoices the prorated difference at once. `prorationDate` (Unix
     * seconds) prorates as of that instant, the one its preview used (decision 0391).
     */
    async changePriceNow(
      subscriptionId: string,
      priceId: string,
      proration: 'always_invoice' | 'none' = 'always_invoice',
      prorationDate?: number,
    ) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new Error(`subscription ${subscriptionId} has no items`);
      return stripe.subscriptions.update(subscriptionId, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: proration,
        ...(proration !== 'none' && prorationDate !== undefined ? { proration_date: prorationDate } : {}),
      });
    },
    /**
     * The invoice an immediate price change would raise (`POST /v1/invoices/create_preview`): Stripe's
     * own proration of the rest of the period with the subscription's discounts, as of `prorationDate`.
     */
    async previewPriceChange(subscriptionId: string, priceId: string, prorationDate: number) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new Error(`subscription ${subscriptionId} has no items`);
      return stripe.invoices.createPreview({
        customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price: priceId }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      });
    },
    setCancelAtPeriodEnd: (subscriptionId: string, cancel: boolean) =>
      stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
    listInvoices: async (customerId: string) =>
      (await stripe.invoices.list({ customer: customerId, limit: 100 })).data,
    retrieveInvoice: (id: string) => stripe.invoices.retrieve(id),
    retrievePrice: (id: string) => stripe.prices.retrieve(id),
    createPortalSession: (customerId: string, returnUrl: string) =>
      stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    createCheckoutSession: (p: {
      priceId: string;
      projectId: string;
      successUrl: string;
      cancelUrl: string;
      customerId?: string;
      customerEmail?: string;
      metadata?: Record<string, string>;
      quantity?: number;
      /** Vouchers are Stripe promotion codes, entered on the hosted page (decision 0151). */
      allowPromotionCodes?: boolean;
    }) =>
      stripe.checkout.sessions.create({
        ...(p.allowPromotionCodes ? { allow_promotion_codes: true } : {}),
        mode: 'subscription',
        line_items: [{ price: p.priceId, quantity: p.quantity ?? 1 }],
        client_reference_id: p.projectId || undefined,
        metadata: { ...p.metadata, project_id: p.projectId },
        success_url: p.successUrl,
        cancel_url: p.cancelUrl,
        ...(p.customerId ? { customer: p.customerId } : { customer_email: p.customerEmail }),
      }),
    retrieveCheckoutSession: (id: string) => stripe.checkout.sessions.retrieve(id),
    /** Verifies a webhook's signature against the raw body; throws on a bad or missing signature. */
    verifyWebhook(rawBody: string | Buffer, signature: string | undefined): Stripe.Event {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      return stripe.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret);
    },
  };
}
export type StripeGateway = ReturnType<typeof createStripeGateway>;
