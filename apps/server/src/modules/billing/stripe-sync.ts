// How a Stripe subscription or invoice maps onto ours (decision 0151). Pure: the Stripe module reads
// the provider's objects, these functions say what our rows become.
import type Stripe from 'stripe';

export type LocalStatus = 'active' | 'past_due' | 'canceled';

/** Stripe's eight subscription statuses in the three of spec 3 §3. */
export function localStatus(status: Stripe.Subscription.Status): LocalStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'past_due';
  }
}

/** The period: on the item since Stripe's 2025 API versions, on the subscription before them. */
export function subscriptionPeriod(sub: Stripe.Subscription): { start: Date; end: Date } {
  const item = sub.items.data[0] as (Stripe.SubscriptionItem & { current_period_start?: number }) | undefined;
  const legacy = sub as Stripe.Subscription & { current_period_start?: number; current_period_end?: number };
  const start = item?.current_period_start ?? legacy.current_period_start ?? sub.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start;
  return { start: new Date(start * 1000), end: new Date(end * 1000) };
}

export function subscriptionPriceId(sub: Stripe.Subscription): string | null {
  return sub.items.data[0]?.price.id ?? null;
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Which plan the project is on after a sync. Stripe already bills the lower price of a scheduled
 * downgrade from the next invoice (changed with proration 'none'), but the customer paid for the
 * current period on the higher plan: ours switches only when a new period has begun.
 */
export function tierAfterSync(input: {
  localTierId: string;
  scheduledTierId: string | null;
  stripeTierId: string;
  localPeriodStart: Date;
  stripePeriodStart: Date;
}): { tierId: string; scheduledTierId: string | null } {
  const { localTierId, scheduledTierId, stripeTierId } = input;
  if (stripeTierId === localTierId) return { tierId: localTierId, scheduledTierId };
  const newPeriod = input.stripePeriodStart.getTime() > input.localPeriodStart.getTime();
  if (stripeTierId === scheduledTierId && !newPeriod) return { tierId: localTierId, scheduledTierId };
  return { tierId: stripeTierId, scheduledTierId: null };
}

export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as Stripe.Invoice & { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy.subscription ?? null);
}

/** An upgrade's prorated invoice, or a billing cycle's (the first one included). */
export function invoiceKind(invoice: Stripe.Invoice): 'cycle' | 'proration' {
  return invoice.billing_reason === 'subscription_update' ? 'proration' : 'cycle';
}
