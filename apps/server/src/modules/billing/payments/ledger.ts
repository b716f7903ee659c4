import { createHash } from 'node:crypto';
import { cardBrand, cardExpired, luhnValid } from '../money';
import type { ChargeRequest, ChargeResult, PaymentProvider, SavedCard } from './provider';

/** Documented test cards that decline (Stripe's numbers, so the same cards work in both modes). */
const DECLINING_CARDS = new Set(['4000000000000002', '4000000000009995', '4000000000000069']);

/**
 * The built-in offline provider (`PAYMENTS=ledger`): test mode only. Any Luhn-valid, unexpired card
 * pays, except the documented declining numbers; the ledger itself is the invoices table.
 */
export function createLedgerProvider(): PaymentProvider {
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
    async chargeSaved(card: SavedCard | null, _amountCents: number, now: Date): Promise<boolean> {
      return card !== null && !cardExpired(card.expMonth, card.expYear, now);
    },
  };
}
