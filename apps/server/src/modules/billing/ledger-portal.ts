import type { CardInput, Currency, InvoiceRow, PlanChangeOptions, Subscription } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { AuditRecorder } from '../audit';
import { requireProjectRole } from '../projects';
import { toInvoiceDto } from './dto';
import { BillingError } from './errors';
import { savedCard } from './invoices';
import type { PaymentProvider, SavedCard } from './payments/provider';
import { planChangeOptions } from './plan-options';
import { requireManaged } from './plan-rules';
import { subscriptionDiscount } from './pricing';
import * as repo from './repo';

/**
 * The billing portal's actions inside the app, for the built-in ledger (decision 0311): each plan
 * priced for a subscription with the upgrade charge, a new saved card, paying an open invoice. With
 * PAYMENTS=stripe, Stripe's hosted portal does the last two and these refuse (`checkout_required`).
 */
export function createLedgerPortal(deps: {
  db: Database;
  clock: Clock;
  audit: AuditRecorder;
  provider: PaymentProvider;
  subscriptionDto: (userId: string, subscriptionId: string) => Promise<Subscription>;
  /** Refuses with BILLING=off. */
  requireEnabled: () => void;
}) {
  const { db, clock, audit, provider } = deps;

  function requireInApp(): void {
    deps.requireEnabled();
    if (provider.hosted) throw new BillingError('checkout_required');
  }

  /** Checks a typed card with the provider (the ledger charges nothing for it); its brand, last 4 and expiry. */
  async function verifiedCard(card: CardInput, key: string, currency: Currency): Promise<SavedCard> {
    const result = await provider.charge(
      {
        card: { ...card, number: card.number.replace(/[\s-]/g, '') },
        amountCents: 0,
        currency,
        description: 'Card check',
        idempotencyKey: key,
      },
      clock.now(),
    );
    if (!result.ok) {
      throw new BillingError(result.reason === 'declined' ? 'card_declined' : 'card_invalid', {
        ...(result.messageId ? { messageId: result.messageId } : { detail: { text: result.message } }),
      });
    }
    return result.card;
  }

  const cardColumns = (card: SavedCard) => ({
    cardBrand: card.brand,
    cardLast4: card.last4,
    cardExpMonth: card.expMonth,
    cardExpYear: card.expYear,
  });

  return {
    /** Every plan as a change of this subscription (any member of its project may look). */
    async planChanges(userId: string, subscriptionId: string): Promise<PlanChangeOptions> {
      deps.requireEnabled();
      const dto = await deps.subscriptionDto(userId, subscriptionId);
      const sub = (await repo.getSubscription(db, dto.id)) as repo.SubscriptionRow;
      const changes = await provider.changesOf(sub.id);
      const tiers = await repo.listTiers(db);
      const current = tiers.find((t) => t.id === sub.tierId) as repo.TierRow;
      const now = clock.now();
      return planChangeOptions({
        sub,
        discount: subscriptionDiscount(sub),
        current,
        tiers,
        now,
        // The provider's own definition of the charge (Stripe: its preview of the invoice the change
        // raises); when it cannot answer, no figure stands for the charge (decision 0391).
        upgradeCharge: (tier) =>
          changes.upgradeCharge({ sub, current, tier }, now).catch((error: unknown) => {
            if (error instanceof BillingError && error.code === 'provider_unavailable') return null;
            throw error;
          }),
      });
    },

    /** A new card for the subscription's renewals and open invoices (project Admins). */
    async replaceCard(userId: string, subscriptionId: string, card: CardInput): Promise<Subscription> {
      requireInApp();
      const now = clock.now();
      await db.transaction(async (tx) => {
        const sub = await requireManaged(tx, userId, subscriptionId);
        const saved = await verifiedCard(card, `card:${sub.id}:${now.getTime()}`, sub.currency as Currency);
        await repo.updateSubscription(tx, sub.id, { ...cardColumns(saved), updatedAt: now });
        const before = savedCard(sub);
        await audit.record(
          {
            actorId: userId,
            projectId: sub.projectId,
            action: 'plan.card_replaced',
            targetType: 'subscription',
            targetId: sub.id,
            details: {
              before: before ? { brand: before.brand, last4: before.last4 } : null,
              after: { brand: saved.brand, last4: saved.last4 },
            },
          },
          tx,
        );
      });
      return deps.subscriptionDto(userId, subscriptionId);
    },

    /**
     * Pays a due or overdue invoice with the saved card, or with a typed card that is then saved. Once
     * none of its invoices is open, the subscription is paid (and active) again.
     */
    async payInvoice(userId: string, invoiceId: string, card: CardInput | undefined): Promise<InvoiceRow> {
      requireInApp();
      const found = await repo.getInvoice(db, invoiceId);
      if (!found) throw new BillingError('invoice_not_found');
      try {
        await requireProjectRole({ db, userId }, found.projectId, 'Admin');
      } catch (error) {
        if (error instanceof Error && 'status' in error && (error as { status: number }).status === 404) {
          throw new BillingError('invoice_not_found');
        }
        throw new BillingError('admin_role_required');
      }
      const now = clock.now();
      const paid = await db.transaction(async (tx) => {
        const sub = await requireManaged(tx, userId, found.subscriptionId);
        const invoice = (await repo.getInvoice(tx, invoiceId)) as repo.InvoiceRow;
        if (invoice.status === 'paid') throw new BillingError('invoice_not_open');
        let payer = savedCard(sub);
        if (card) {
          payer = await verifiedCard(
            card,
            `invoice:${invoice.id}:${now.getTime()}`,
            sub.currency as Currency,
          );
          await repo.updateSubscription(tx, sub.id, { ...cardColumns(payer), updatedAt: now });
        }
        if (!(await provider.chargeSaved(payer, invoice.totalCents, now)) || !payer) {
          throw new BillingError('card_declined');
        }
        const receiptNumber = invoice.invoiceNumber.replace(/^INV-/, 'RCT-');
        const patch = {
          status: 'paid',
          paidAt: now,
          cardBrand: payer.brand,
          cardLast4: payer.last4,
          receiptNumber,
        };
        await repo.updateInvoice(tx, invoice.id, patch);
        const open = (await repo.listSubscriptionInvoices(tx, sub.id)).filter(
          (i) => i.id !== invoice.id && i.status !== 'paid',
        );
        if (open.length === 0) {
          await repo.updateSubscription(tx, sub.id, {
            paymentStatus: 'paid',
            ...(sub.status === 'past_due' ? { status: 'active' } : {}),
            updatedAt: now,
          });
        }
        await audit.record(
          {
            actorId: userId,
            projectId: sub.projectId,
            action: 'plan.invoice_paid',
            targetType: 'subscription',
            targetId: sub.id,
            details: {
              invoiceId: invoice.id,
              number: invoice.invoiceNumber,
              before: { status: invoice.status },
              after: { status: 'paid' },
            },
          },
          tx,
        );
        return { ...invoice, ...patch };
      });
      return toInvoiceDto(paid);
    },
  };
}
