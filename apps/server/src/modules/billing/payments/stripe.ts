import { BillingError } from '../errors';
import * as repo from '../repo';
import type { StripeBilling } from '../stripe-billing';
import { ledgerChanges } from './ledger';
import type { PaymentProvider, SubscriptionChanges } from './provider';

/**
 * Under PAYMENTS=stripe no card reaches this server (Stripe's Checkout page takes them) and Stripe runs
 * the renewals of what it holds, so nothing is charged here; the billing cycle renews only the
 * subscriptions kept in our rows (repo.listSubscriptionsDue).
 */
export const chargeNothing: PaymentProvider['chargeSaved'] = async () => false;

/**
 * PAYMENTS=stripe (decisions 0150, 0151, 0210): Stripe holds the subscriptions it created and takes the
 * money; `stripe-billing.ts` makes each change there and mirrors it back. A subscription kept in our
 * rows from before (provider 'ledger') is changed there as the ledger would, without charging a card.
 * `testMode` follows the key: sk_test_… keys show the Test mode badge.
 */
export function createStripeProvider(deps: { stripe: StripeBilling; testMode: boolean }): PaymentProvider {
  const { stripe } = deps;
  const ours = ledgerChanges(chargeNothing);
  const held: SubscriptionChanges = {
    when: 'after-commit',
    upgrade: (_db, { sub, tier, asOf }) => stripe.upgrade(sub, tier, asOf),
    upgradeCharge: ({ sub, tier }, asOf) => stripe.previewUpgrade(sub, tier, asOf),
    downgrade: (_db, { sub, tier }) => stripe.downgrade(sub, tier),
    setCancelAtPeriodEnd: (_db, sub, cancel) => stripe.setCancelAtPeriodEnd(sub, cancel),
  };
  return {
    kind: 'stripe',
    testMode: deps.testMode,
    async charge() {
      return {
        ok: false,
        reason: 'invalid',
        message: "Cards are taken on Stripe's checkout page.",
        messageId: 'error.card_invalid.hosted',
      };
    },
    chargeSaved: chargeNothing,
    async changesOf(subscriptionId) {
      const row = await repo.getSubscription(stripe.db, subscriptionId);
      return row?.provider === 'stripe' && row.providerSubscriptionId ? held : ours;
    },
    /** Stripe's hosted billing portal, for the user's latest Stripe customer they are an Admin for. */
    async portal(userId, returnUrl) {
      const rows = await repo.listSubscriptionsOfUser(stripe.db, userId);
      const latest = rows
        .filter((r) => r.role === 'Admin' && r.subscription.providerCustomerId)
        .sort((a, b) => b.subscription.createdAt.getTime() - a.subscription.createdAt.getTime())[0];
      if (!latest) throw new BillingError('subscription_not_found');
      return stripe.portal(latest.subscription, returnUrl);
    },
    hosted: {
      startCheckout: (userId, input, tier, setup) => stripe.startCheckout(userId, input, tier, setup),
      checkoutStatus: (userId, sessionId) => stripe.checkoutStatus(userId, sessionId),
      handleWebhook: (rawBody, signature) => stripe.handleWebhook(rawBody, signature),
    },
  };
}
