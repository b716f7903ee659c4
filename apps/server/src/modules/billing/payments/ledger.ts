import { createHash } from 'node:crypto';
import type { Currency } from '@plumbline/contracts';
import { issueInvoice, savedCard } from '../invoices';
import { cardBrand, cardExpired, luhnValid } from '../money';
import { projectNameOf } from '../plan-rules';
import { subscriptionDiscount, upgradeChargeCents } from '../pricing';
import * as repo from '../repo';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentProvider,
  SavedCard,
  SubscriptionChanges,
} from './provider';

/** Documented test cards that decline (Stripe's numbers, so the same cards work in both modes). */
const DECLINING_CARDS = new Set(['4000000000000002', '4000000000009995', '4000000000000069']);

/**
 * The built-in offline provider (`PAYMENTS=ledger`): test mode only. Any Luhn-valid, unexpired card
 * pays, except the documented declining numbers; the ledger itself is the invoices table, and every
 * subscription lives in our rows.
 */
export function createLedgerProvider(): PaymentProvider {
  async function chargeSaved(card: SavedCard | null, _amountCents: number, now: Date): Promise<boolean> {
    return card !== null && !cardExpired(card.expMonth, card.expYear, now);
  }
  const changes = ledgerChanges(chargeSaved);
  return {
    kind: 'ledger',
    testMode: true,
    async charge(request: ChargeRequest, now: Date): Promise<ChargeResult> {
      const digits = request.card.number.replace(/\D/g, '');
      if (!luhnValid(digits))
        return {
          ok: false,
          reason: 'invalid',
          message: 'Your card number is invalid.',
          messageId: 'error.card_invalid',
        };
      if (cardExpired(request.card.expMonth, request.card.expYear, now)) {
        return {
          ok: false,
          reason: 'invalid',
          message: 'Your card has expired.',
          messageId: 'error.card_invalid.expired',
        };
      }
      if (!/^\d{3,4}$/.test(request.card.cvc)) {
        return {
          ok: false,
          reason: 'invalid',
          message: "Your card's security code is invalid.",
          messageId: 'error.card_invalid.cvc',
        };
      }
      if (DECLINING_CARDS.has(digits)) {
        return {
          ok: false,
          reason: 'declined',
          message: 'Your card was declined.',
          messageId: 'error.card_declined',
        };
      }
      const card: SavedCard = {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: request.card.expMonth,
        expYear: request.card.expYear,
      };
      // A charge id that says nothing about the card: derived from the idempotency key alone.
      const chargeId = `ch_ledger_${createHash('sha256').update(request.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { ok: true, chargeId, card };
    },
    chargeSaved,
    changesOf: async () => changes,
    /** No hosted portal: the app's own Subscriptions tab is the portal. */
    async portal(_userId: string, returnUrl: string) {
      const url = new URL(returnUrl, 'http://app.invalid');
      url.searchParams.set('tab', 'subscriptions');
      return { url: `${url.pathname}${url.search}` };
    },
    hosted: null,
  };
}

/**
 * Changes of a subscription kept in our rows, made in the transaction that checked them; a proration
 * is charged to the saved card by `chargeSaved` (decisions 0141, 0310). Also used under `PAYMENTS=stripe`
 * for a subscription Stripe does not hold.
 */
export function ledgerChanges(chargeSaved: PaymentProvider['chargeSaved']): SubscriptionChanges {
  return {
    when: 'in-transaction',

    async upgrade(tx, { sub, current, tier, asOf }, { clock, jobs }) {
      const currency = sub.currency as Currency;
      const now = clock.now();
      // The same definition, as of the same instant, that gave the browser its estimate (0310, 0427).
      const amount = upgradeChargeCents({
        current,
        target: tier,
        currency,
        discount: subscriptionDiscount(sub),
        periodEnd: sub.currentPeriodEnd,
        now: asOf,
      });
      const card = savedCard(sub);
      const paid = await chargeSaved(card, amount, now);
      const projectName = await projectNameOf(tx, sub.projectId);
      await issueInvoice(
        tx,
        sub,
        {
          kind: 'proration',
          description: `Upgrade from ${current.name} to ${tier.name} (prorated)`,
          tierName: tier.name,
          projectName,
          periodStart: now,
          periodEnd: sub.currentPeriodEnd,
          subtotalCents: amount,
          totalCents: amount,
          paid,
          cardBrand: card?.brand ?? null,
          cardLast4: card?.last4 ?? null,
          now,
        },
        jobs,
      );
      await repo.updateSubscription(tx, sub.id, {
        tierId: tier.id,
        scheduledTierId: null,
        paymentStatus: paid ? sub.paymentStatus : 'due',
        updatedAt: now,
      });
    },

    async upgradeCharge({ sub, current, tier }, now) {
      return upgradeChargeCents({
        current,
        target: tier,
        currency: sub.currency as Currency,
        discount: subscriptionDiscount(sub),
        periodEnd: sub.currentPeriodEnd,
        now,
      });
    },

    async downgrade(tx, { sub, tier }, { clock }) {
      await repo.updateSubscription(tx, sub.id, { scheduledTierId: tier.id, updatedAt: clock.now() });
    },

    async setCancelAtPeriodEnd(tx, sub, cancel, { clock }) {
      await repo.updateSubscription(tx, sub.id, { cancelAtPeriodEnd: cancel, updatedAt: clock.now() });
    },
  };
}
