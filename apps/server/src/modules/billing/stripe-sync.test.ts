import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  invoiceKind,
  invoiceSubscriptionId,
  localStatus,
  subscriptionPeriod,
  tierAfterSync,
} from './stripe-sync';

const at = (iso: string) => new Date(iso);

describe('Stripe to local mapping', () => {
  it('maps every Stripe subscription status onto active, past_due or canceled', () => {
    const all: Stripe.Subscription.Status[] = [
      'active',
      'trialing',
      'past_due',
      'unpaid',
      'incomplete',
      'paused',
      'canceled',
      'incomplete_expired',
    ];
    expect(all.map(localStatus)).toEqual([
      'active',
      'active',
      'past_due',
      'past_due',
      'past_due',
      'past_due',
      'canceled',
      'canceled',
    ]);
  });

  it('reads the period from the item (current API) or from the subscription (older versions)', () => {
    const onItem = {
      start_date: 1,
      items: { data: [{ current_period_start: 1_800_000_000, current_period_end: 1_802_592_000 }] },
    } as unknown as Stripe.Subscription;
    expect(subscriptionPeriod(onItem).end.toISOString()).toBe('2027-02-14T08:00:00.000Z');
    const legacy = {
      start_date: 1,
      current_period_start: 1_800_000_000,
      current_period_end: 1_802_592_000,
      items: { data: [{}] },
    } as unknown as Stripe.Subscription;
    expect(subscriptionPeriod(legacy)).toEqual(subscriptionPeriod(onItem));
  });

  it('keeps the paid-for plan until a new period begins when Stripe already has the scheduled lower price', () => {
    const base = { localTierId: 'skyline', localPeriodStart: at('2026-11-01T00:00:00Z') };
    expect(
      tierAfterSync({
        ...base,
        scheduledTierId: 'blueprint',
        stripeTierId: 'blueprint',
        stripePeriodStart: at('2026-11-01T00:00:00Z'),
      }),
    ).toEqual({ tierId: 'skyline', scheduledTierId: 'blueprint' });
    expect(
      tierAfterSync({
        ...base,
        scheduledTierId: 'blueprint',
        stripeTierId: 'blueprint',
        stripePeriodStart: at('2026-12-01T00:00:00Z'),
      }),
    ).toEqual({ tierId: 'blueprint', scheduledTierId: null });
    // An upgrade (or a change made in Stripe's portal) applies at once and drops a scheduled downgrade.
    expect(
      tierAfterSync({
        ...base,
        localTierId: 'blueprint',
        scheduledTierId: null,
        stripeTierId: 'cornerstone',
        stripePeriodStart: at('2026-11-01T00:00:00Z'),
      }),
    ).toEqual({ tierId: 'cornerstone', scheduledTierId: null });
  });

  it('finds an invoice subscription under parent (current API) or on the invoice (older versions)', () => {
    const current = {
      parent: { subscription_details: { subscription: 'sub_1' } },
      billing_reason: 'subscription_update',
    } as unknown as Stripe.Invoice;
    const legacy = { parent: null, subscription: { id: 'sub_2' }, billing_reason: 'subscription_cycle' };
    expect(invoiceSubscriptionId(current)).toBe('sub_1');
    expect(invoiceSubscriptionId(legacy as unknown as Stripe.Invoice)).toBe('sub_2');
    expect(invoiceKind(current)).toBe('proration');
    expect(invoiceKind(legacy as unknown as Stripe.Invoice)).toBe('cycle');
  });
});
