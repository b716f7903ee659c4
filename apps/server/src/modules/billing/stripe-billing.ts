// PAYMENTS=stripe (decision 0151): Stripe holds the subscriptions and takes the money; our rows mirror
// it. Every change is made in Stripe first and then re-read from Stripe, and every webhook re-reads the
// object it names, so our rows always end as Stripe says whatever order events arrive in. No call to
// Stripe is made inside a database transaction: Stripe may deliver a webhook before it answers.
import type { Currency } from '@plumbline/contracts';
import type Stripe from 'stripe';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { AuditRecorder } from '../audit';
import { findActiveProject, insertMembership, insertProject } from '../projects';
import { BillingError } from './errors';
import { issueInvoice } from './invoices';
import type { CheckoutInput } from './payments/provider';
import { StripeCardError, type StripeGateway } from './payments/stripe-gateway';
import type { ProjectSetupRestorer } from './project-setup';
import * as repo from './repo';
import {
  idOf,
  invoiceKind,
  invoiceSubscriptionId,
  localStatus,
  subscriptionPeriod,
  subscriptionPriceId,
  tierAfterSync,
} from './stripe-sync';

const CURRENCIES: readonly string[] = ['AUD', 'USD', 'GBP', 'EUR'];

/** Event types that change our rows; any other event is acknowledged and recorded. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
]);
const INVOICE_EVENTS = new Set(['invoice.paid', 'invoice.payment_succeeded', 'invoice.payment_failed']);

export function createStripeBilling(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  gateway: StripeGateway;
  /** The app's public address: Checkout and the portal send the browser back there. */
  publicUrl: string;
  /** Writes what a paid checkout's project brings (its stored setup snapshot); null: nothing to write. */
  restoreSetup?: ProjectSetupRestorer | null;
}) {
  const { db, clock, audit, gateway, publicUrl } = deps;

  /** Stripe's `proration_date`: Unix seconds of the instant an upgrade is prorated as of (decision 0427). */
  const prorationDate = (asOf: Date) => Math.floor(asOf.getTime() / 1000);

  /** Stripe's network and server errors become a 502 with a message; card errors stay for the caller. */
  async function call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StripeCardError || error instanceof BillingError) throw error;
      throw new BillingError('provider_unavailable');
    }
  }

  /** Our subscription row brought to what Stripe says (status, period, plan, cancel flag). */
  async function syncSubscription(stripeSub: Stripe.Subscription): Promise<repo.SubscriptionRow | null> {
    const priceId = subscriptionPriceId(stripeSub);
    const stripeTier = priceId ? await repo.tierByPriceId(db, priceId) : null;
    return db.transaction(async (tx) => {
      const local = await repo.lockSubscriptionByProvider(tx, stripeSub.id);
      if (!local) return null;
      const period = subscriptionPeriod(stripeSub);
      const plan = stripeTier
        ? tierAfterSync({
            localTierId: local.tierId,
            scheduledTierId: local.scheduledTierId,
            stripeTierId: stripeTier.id,
            localPeriodStart: local.currentPeriodStart,
            stripePeriodStart: period.start,
          })
        : { tierId: local.tierId, scheduledTierId: local.scheduledTierId };
      const status = localStatus(stripeSub.status);
      const patch = {
        ...plan,
        status,
        cancelAtPeriodEnd: stripeSub.cancel_at_period_end,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        paymentStatus: status === 'past_due' && local.paymentStatus === 'paid' ? 'due' : local.paymentStatus,
        updatedAt: clock.now(),
      };
      await repo.updateSubscription(tx, local.id, patch);
      return { ...local, ...patch };
    });
  }

  /** Mirrors one Stripe invoice: written once (by its id), marked paid when Stripe says so. */
  async function recordInvoice(invoice: Stripe.Invoice): Promise<void> {
    const stripeSubId = invoiceSubscriptionId(invoice);
    if (!stripeSubId || !invoice.id) return;
    const invoiceId = invoice.id;
    const paid = invoice.status === 'paid';
    const now = clock.now();
    await db.transaction(async (tx) => {
      const sub = await repo.lockSubscriptionByProvider(tx, stripeSubId);
      if (!sub) return;
      const existing = await repo.getInvoiceByProvider(tx, invoiceId);
      if (existing) {
        if (paid && existing.status !== 'paid') {
          await repo.updateInvoice(tx, existing.id, {
            status: 'paid',
            paidAt: now,
            receiptNumber: existing.invoiceNumber.replace(/^INV-/, 'RCT-'),
          });
        }
      } else {
        const tier = (await repo.getTier(tx, sub.tierId)) as repo.TierRow;
        const project = (await findActiveProject(tx, sub.projectId))?.name ?? 'Project';
        const kind = invoiceKind(invoice);
        const line = invoice.lines?.data?.[0]?.period;
        const periodStart = new Date((line?.start ?? invoice.period_start) * 1000);
        const periodEnd = new Date((line?.end ?? invoice.period_end) * 1000);
        await issueInvoice(tx, sub, {
          kind,
          description:
            kind === 'proration' ? `Plan change to ${tier.name} (prorated)` : `${tier.name} plan, monthly`,
          tierName: tier.name,
          projectName: project,
          periodStart,
          periodEnd: periodEnd > periodStart ? periodEnd : sub.currentPeriodEnd,
          subtotalCents: invoice.subtotal ?? invoice.amount_due,
          totalCents: invoice.amount_due,
          paid,
          cardBrand: null,
          cardLast4: null,
          now,
          providerInvoiceId: invoiceId,
        });
      }
      await repo.updateSubscription(tx, sub.id, {
        paymentStatus: paid ? 'paid' : sub.paymentStatus === 'overdue' ? 'overdue' : 'due',
        updatedAt: now,
      });
    });
  }

  async function syncById(subscriptionId: string): Promise<repo.SubscriptionRow | null> {
    return syncSubscription(await call(() => gateway.retrieveSubscription(subscriptionId)));
  }

  async function recordLatestInvoice(stripeSub: Stripe.Subscription): Promise<void> {
    const latest = idOf(stripeSub.latest_invoice);
    if (latest) await recordInvoice(await call(() => gateway.retrieveInvoice(latest)));
  }

  /**
   * Creates the project, its Admin membership and the subscription for a paid checkout, once: the
   * webhook and the browser's return may both arrive, and the checkout row is locked while it is done.
   */
  async function completeCheckout(session: Stripe.Checkout.Session): Promise<string | null> {
    const checkout = await repo.getCheckout(db, session.id);
    if (!checkout) return null;
    if (checkout.status === 'completed') return checkout.projectId;
    const stripeSubId = idOf(session.subscription);
    if (session.status !== 'complete' || !stripeSubId) return null;
    const stripeSub = await call(() => gateway.retrieveSubscription(stripeSubId));
    const priceId = subscriptionPriceId(stripeSub);
    const tier =
      (priceId ? await repo.tierByPriceId(db, priceId) : null) ?? (await repo.getTier(db, checkout.tierId));
    if (!tier) throw new BillingError('tier_not_found');
    const currency = (stripeSub.currency ?? '').toUpperCase();
    const period = subscriptionPeriod(stripeSub);
    const now = clock.now();
    const projectId = await db.transaction(async (tx) => {
      const locked = await repo.lockCheckout(tx, session.id);
      if (!locked || locked.status === 'completed') return locked?.projectId ?? null;
      const project = await insertProject(tx, {
        name: locked.projectName,
        description: locked.projectDescription,
        createdBy: locked.userId,
        at: now,
      });
      await insertMembership(tx, { projectId: project.id, userId: locked.userId, role: 'Admin', at: now });
      if (locked.setup !== null && locked.setup !== undefined && deps.restoreSetup) {
        await deps.restoreSetup(locked.userId, locked.setup).write(tx, project.id, now);
      }
      await repo.insertSubscription(tx, {
        projectId: project.id,
        tierId: tier.id,
        customerUserId: locked.userId,
        customerName: locked.customerName,
        billingEmail: locked.billingEmail,
        status: localStatus(stripeSub.status),
        paymentStatus: stripeSub.status === 'active' || stripeSub.status === 'trialing' ? 'paid' : 'due',
        cancelAtPeriodEnd: stripeSub.cancel_at_period_end,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        currency: (CURRENCIES.includes(currency) ? currency : 'AUD') as Currency,
        voucherCode: null,
        discountPercentage: null,
        discountAmountCents: null,
        cardBrand: null,
        cardLast4: null,
        cardExpMonth: null,
        cardExpYear: null,
        provider: 'stripe',
        providerSubscriptionId: stripeSub.id,
        providerCustomerId: idOf(stripeSub.customer),
        createdAt: now,
        updatedAt: now,
      });
      await repo.completeCheckout(tx, session.id, project.id);
      await audit.record(
        {
          actorId: locked.userId,
          projectId: project.id,
          action: 'project.created',
          targetType: 'project',
          targetId: project.id,
          details: { name: project.name, plan: tier.name, checkout: session.id },
        },
        tx,
      );
      return project.id;
    });
    await recordLatestInvoice(stripeSub);
    return projectId;
  }

  return {
    /** Spec 1 §4 redirect path: a Checkout Session for the plan; the project is created once paid. */
    async startCheckout(userId: string, input: CheckoutInput, tier: repo.TierRow, setup: unknown = null) {
      const back = `${publicUrl}/dashboard?createProject=true`;
      const session = await call(() =>
        gateway.createCheckoutSession({
          priceId: tier.stripePriceId as string,
          projectId: '',
          customerEmail: input.billingEmail,
          successUrl: `${back}&step=complete&session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${back}&step=payment`,
          metadata: { user_id: userId, tier_id: tier.id },
          allowPromotionCodes: true,
        }),
      );
      if (!session.url) throw new BillingError('provider_unavailable');
      await repo.insertCheckout(db, {
        sessionId: session.id,
        userId,
        tierId: tier.id,
        projectName: input.projectName,
        projectDescription: input.projectDescription,
        customerName: input.customerName,
        billingEmail: input.billingEmail,
        status: 'open',
        projectId: null,
        setup,
        createdAt: clock.now(),
      });
      return { session_id: session.id, url: session.url };
    },

    /** The browser back from Checkout: completes the checkout if Stripe has it paid and no webhook did yet. */
    async checkoutStatus(userId: string, sessionId: string) {
      const checkout = await repo.getCheckout(db, sessionId);
      if (!checkout || checkout.userId !== userId) throw new BillingError('checkout_not_found');
      if (checkout.status === 'completed') {
        return { session_id: sessionId, status: 'completed' as const, project_id: checkout.projectId };
      }
      const session = await call(() => gateway.retrieveCheckoutSession(sessionId));
      const projectId = await completeCheckout(session);
      const status = projectId ? 'completed' : session.status === 'expired' ? 'expired' : 'open';
      return { session_id: sessionId, status, project_id: projectId } as const;
    },

    /**
     * A webhook delivery: the signature is checked against the raw body (400 when wrong), an event
     * already applied is acknowledged and changes nothing, and the object it names is re-read from
     * Stripe before our rows change.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
      let event: Stripe.Event;
      try {
        event = gateway.verifyWebhook(rawBody, signature);
      } catch {
        throw new BillingError('webhook_signature_invalid');
      }
      if (await repo.webhookEventSeen(db, event.id)) return { duplicate: true };
      const object = event.data.object as { id?: string; object?: string };
      if (event.type === 'checkout.session.completed' && object.id) {
        await completeCheckout(await call(() => gateway.retrieveCheckoutSession(object.id as string)));
      } else if (SUBSCRIPTION_EVENTS.has(event.type) && object.id) {
        await syncById(object.id);
      } else if (INVOICE_EVENTS.has(event.type) && object.id) {
        await recordInvoice(await call(() => gateway.retrieveInvoice(object.id as string)));
      }
      const first = await repo.recordWebhookEvent(db, {
        eventId: event.id,
        type: event.type,
        receivedAt: clock.now(),
      });
      return { duplicate: !first };
    },

    /** Now, with Stripe's invoice prorated as of `asOf` (the estimate's instant) charged at once. */
    async upgrade(sub: repo.SubscriptionRow, tier: repo.TierRow, asOf: Date): Promise<void> {
      const id = sub.providerSubscriptionId as string;
      const updated = await call(() =>
        gateway.changePriceNow(id, tier.stripePriceId as string, 'always_invoice', prorationDate(asOf)),
      );
      await syncSubscription(updated);
      await recordLatestInvoice(updated);
    },

    /**
     * What an upgrade to `tier` charges now, in cents: the amount due of Stripe's preview of the invoice
     * the change raises (its proration with the subscription's discounts), prorated as of `asOf`; the
     * upgrade sent with the same instant charges exactly this (decisions 0391, 0427).
     */
    async previewUpgrade(sub: repo.SubscriptionRow, tier: repo.TierRow, asOf: Date): Promise<number> {
      const id = sub.providerSubscriptionId as string;
      const preview = await call(() =>
        gateway.previewPriceChange(id, tier.stripePriceId as string, prorationDate(asOf)),
      );
      return preview.amount_due;
    },

    /** Stripe bills the lower price from the next invoice; ours keeps the paid-for plan until then. */
    async downgrade(sub: repo.SubscriptionRow, tier: repo.TierRow): Promise<void> {
      await repo.updateSubscription(db, sub.id, { scheduledTierId: tier.id, updatedAt: clock.now() });
      const id = sub.providerSubscriptionId as string;
      await syncSubscription(
        await call(() => gateway.changePriceNow(id, tier.stripePriceId as string, 'none')),
      );
    },

    async setCancelAtPeriodEnd(sub: repo.SubscriptionRow, cancel: boolean): Promise<void> {
      const id = sub.providerSubscriptionId as string;
      await syncSubscription(await call(() => gateway.setCancelAtPeriodEnd(id, cancel)));
    },

    /** Stripe's hosted billing portal for the subscription's customer, back to the app afterwards. */
    async portal(sub: repo.SubscriptionRow, returnPath: string): Promise<{ url: string }> {
      if (!sub.providerCustomerId) throw new BillingError('subscription_not_found');
      const customer = sub.providerCustomerId;
      // Only back into the app: '//elsewhere' would otherwise leave it.
      const resolved = new URL(returnPath, `${publicUrl}/`);
      const returnUrl =
        resolved.origin === new URL(publicUrl).origin ? resolved.toString() : `${publicUrl}/dashboard`;
      const session = await call(() => gateway.createPortalSession(customer, returnUrl));
      return { url: session.url };
    },

    syncById,
    /** The database the mirror writes to (the provider reads a subscription's holder there). */
    db,
  };
}

export type StripeBilling = ReturnType<typeof createStripeBilling>;
