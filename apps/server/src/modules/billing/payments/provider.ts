import type { ContractsMessageId } from '@plumbline/contracts';

/**
 * How the billing service takes money. `PAYMENTS=ledger` (default) charges test cards offline; a
 * Stripe provider can implement the same interface. Card numbers never leave `charge`: what comes
 * back is brand, last 4 and expiry only.
 */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  card: CardDetails;
  amountCents: number;
  currency: string;
  description: string;
  /** The same key charges once. */
  idempotencyKey: string;
}

export interface SavedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type ChargeResult =
  | { ok: true; chargeId: string; card: SavedCard }
  | {
      ok: false;
      reason: 'declined' | 'invalid';
      /** The provider's words (English), shown when it gives no message id of ours. */
      message: string;
      messageId?: ContractsMessageId;
    };

export interface PaymentProvider {
  readonly kind: 'ledger' | 'stripe';
  readonly testMode: boolean;
  /** Takes a payment now (a first invoice, a proration). */
  charge(request: ChargeRequest, now: Date): Promise<ChargeResult>;
  /** Charges a saved card for a renewal; false when the card is gone, expired or declined. */
  chargeSaved(card: SavedCard | null, amountCents: number, now: Date): Promise<boolean>;
}
