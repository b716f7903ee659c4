import type { Currency } from '@plumbline/contracts';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import type { JobSender } from '../../platform/queue';
import { findActiveProject } from '../projects';
import { type InvoiceDraft, issueInvoice, savedCard } from './invoices';
import { addOneMonth } from './money';
import type { PaymentProvider } from './payments/provider';
import { monthlyPrice, subscriptionDiscount } from './pricing';
import * as repo from './repo';

/**
 * Opens every billing cycle of one subscription that has started by `now` (decision 0142): a
 * cancelling subscription ends instead; a scheduled downgrade takes effect; the cycle's invoice is
 * issued (paid when the saved card pays, else due) exactly once (a unique index per cycle). Returns
 * how many cycles were opened. Runs in the caller's transaction with the subscription row locked.
 */
export async function renewSubscription(
  tx: Database,
  input: {
    id: string;
    now: Date;
    provider: Pick<PaymentProvider, 'chargeSaved'>;
    jobs?: JobSender | null;
  },
): Promise<number> {
  const { now, provider } = input;
  let sub = await repo.lockSubscription(tx, input.id);
  let opened = 0;
  while (sub && sub.status !== 'canceled' && sub.currentPeriodEnd.getTime() <= now.getTime()) {
    if (sub.cancelAtPeriodEnd) {
      await repo.updateSubscription(tx, sub.id, { status: 'canceled', updatedAt: now });
      break;
    }
    const tier = (await repo.getTier(tx, sub.scheduledTierId ?? sub.tierId)) as repo.TierRow;
    const start = sub.currentPeriodEnd;
    const end = addOneMonth(start);
    const price = monthlyPrice(tier, sub.currency as Currency, subscriptionDiscount(sub));
    const subtotal = price.listCents;
    const total = price.billedCents;
    const card = savedCard(sub);
    const paid = total === 0 || (await provider.chargeSaved(card, total, now));
    const project = (await findActiveProject(tx, sub.projectId))?.name ?? 'Project';
    const draft: InvoiceDraft = {
      kind: 'cycle',
      description: `${tier.name} plan, monthly`,
      tierName: tier.name,
      projectName: project,
      periodStart: start,
      periodEnd: end,
      subtotalCents: subtotal,
      totalCents: total,
      paid,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      now,
    };
    await issueInvoice(tx, { ...sub, tierId: tier.id }, draft, input.jobs ?? null);
    const stillOwing = sub.paymentStatus === 'overdue' ? 'overdue' : 'due';
    await repo.updateSubscription(tx, sub.id, {
      tierId: tier.id,
      scheduledTierId: null,
      currentPeriodStart: start,
      currentPeriodEnd: end,
      paymentStatus: paid ? sub.paymentStatus : stillOwing,
      updatedAt: now,
    });
    opened += 1;
    sub = await repo.getSubscription(tx, sub.id);
  }
  return opened;
}

/** Renews every subscription whose period has ended, then marks late invoices overdue. Idempotent. */
export async function runBillingCycle(deps: {
  db: Database;
  clock: Clock;
  provider: Pick<PaymentProvider, 'chargeSaved'>;
  enabled: boolean;
  jobs?: JobSender | null;
}): Promise<{ renewed: number; overdue: number }> {
  if (!deps.enabled) return { renewed: 0, overdue: 0 };
  const now = deps.clock.now();
  let renewed = 0;
  for (const id of await repo.listSubscriptionsDue(deps.db, now)) {
    renewed += await deps.db.transaction((tx) =>
      renewSubscription(tx, { id, now, provider: deps.provider, jobs: deps.jobs ?? null }),
    );
  }
  const overdue = await repo.markOverdue(deps.db, now);
  return { renewed, overdue };
}
