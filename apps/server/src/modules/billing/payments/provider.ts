import type { ContractsMessageId } from '@plumbline/contracts';
import type { Clock } from '../../../platform/clock';
import type { Database } from '../../../platform/db';
import type { JobSender } from '../../../platform/queue';
import type { ProjectSetup } from '../project-setup';
import type { SubscriptionRow, TierRow } from '../repo';

/**
 * How billing takes money and changes subscriptions, one interface for both providers (decision 0210):
 * `PAYMENTS=ledger` (payments/ledger.ts, the default) takes test cards offline and keeps subscriptions
 * in our rows; `PAYMENTS=stripe` (payments/stripe.ts) sends buyers to Stripe's Checkout and makes each
 * change in Stripe. The billing service checks the rules (who may change what, the plan-change rules)
 * once, then asks the provider. Card numbers never leave `charge`: what comes back is brand, last 4 and
 * expiry only.
 */
export interface PaymentProvider {
  readonly kind: 'ledger' | 'stripe';
  readonly testMode: boolean;
  /** Takes the first payment of a new project from a card typed in the app (the ledger only). */
  charge(request: ChargeRequest, now: Date): Promise<ChargeResult>;
  /** Charges a saved card (a proration, a renewal); false when the card is gone, expired or declined. */
  chargeSaved(card: SavedCard | null, amountCents: number, now: Date): Promise<boolean>;
  /** Who makes the changes of this subscription: our rows (the ledger) or the provider (Stripe). */
  changesOf(subscriptionId: string): Promise<SubscriptionChanges>;
  /** The billing portal for the user's subscriptions: the provider's hosted one, or the app's tab. */
  portal(userId: string, returnUrl: string): Promise<{ url: string }>;
  /** A hosted checkout with its webhook (Stripe); null: cards are typed in the app (the ledger). */
  readonly hosted: HostedPayments | null;
}

/** A plan change the billing service has checked: the subscription (locked), its plan and the new one. */
export interface PlanChange {
  sub: SubscriptionRow;
  current: TierRow;
  tier: TierRow;
}

/**
 * An upgrade the billing service has checked, prorated as of `asOf`: the instant of the estimate the
 * person confirmed, so the charge is the amount they were shown (decision 0427).
 */
export interface UpgradeChange extends PlanChange {
  asOf: Date;
}

/** What a change needs besides the database: the clock, and the queue that mails each invoice. */
export interface ChangeContext {
  clock: Clock;
  jobs: JobSender | null;
}

export interface SubscriptionChanges {
  /**
   * 'in-transaction': made in our rows, in the transaction that locked the subscription and checked
   * the rules, so the checks and the change commit together (the ledger). 'after-commit': made at the
   * provider once that transaction has committed: Stripe may deliver a webhook for a change before it
   * answers the call, and the webhook must be able to lock the same row (decision 0151).
   */
  readonly when: 'in-transaction' | 'after-commit';
  /** Now: the new plan at once, the rest of the period charged prorated as of `change.asOf`. */
  upgrade(db: Database, change: UpgradeChange, context: ChangeContext): Promise<void>;
  /**
   * What `upgrade` would charge, prorated as of `now`, in cents, by the definition `upgrade` charges with (the ledger's
   * pricing, or Stripe's preview of the upcoming invoice): the estimate the browser shows.
   */
  upgradeCharge(change: PlanChange, now: Date): Promise<number>;
  /** At the period's end: the next cycle opens on the lower plan. */
  downgrade(db: Database, change: PlanChange, context: ChangeContext): Promise<void>;
  /** Cancel at the period's end (true) or reactivate (false). */
  setCancelAtPeriodEnd(
    db: Database,
    sub: SubscriptionRow,
    cancel: boolean,
    context: ChangeContext,
  ): Promise<void>;
}

/** Spec 1 §4's redirect path: the provider's page takes the card, the project is created once paid. */
export interface HostedPayments {
  startCheckout(
    userId: string,
    input: CheckoutInput,
    tier: TierRow,
    setup: ReturnType<ProjectSetup['snapshot']> | null,
  ): Promise<{ session_id: string; url: string }>;
  checkoutStatus(
    userId: string,
    sessionId: string,
  ): Promise<{ session_id: string; status: 'completed' | 'expired' | 'open'; project_id: string | null }>;
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }>;
}

export interface CheckoutInput {
  tierId: string;
  customerName: string;
  billingEmail: string;
  projectName: string;
  projectDescription: string;
}

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
