import type { Database } from '../../platform/db';
import { findActiveProject, requireProjectRole } from '../projects';
import { BillingError } from './errors';
import * as repo from './repo';

/**
 * The rules every change of a subscription passes, whichever provider then makes it (decision 0210):
 * a project Admin asks, the subscription is not cancelled, and a plan change names its project and
 * goes the way it says. Each runs in the caller's transaction, with the subscription row locked.
 */

/** The subscription for a change by a project Admin, locked inside the caller's transaction. */
export async function requireManaged(
  tx: Database,
  userId: string,
  subscriptionId: string,
): Promise<repo.SubscriptionRow> {
  const sub = await repo.lockSubscription(tx, subscriptionId);
  if (!sub) throw new BillingError('subscription_not_found');
  try {
    await requireProjectRole({ db: tx, userId }, sub.projectId, 'Admin');
  } catch (error) {
    if (error instanceof Error && 'status' in error && (error as { status: number }).status === 404) {
      throw new BillingError('subscription_not_found');
    }
    throw new BillingError('admin_role_required');
  }
  if (sub.status === 'canceled') throw new BillingError('subscription_canceled');
  return sub;
}

/**
 * A plan change's checks: the typed project name, and a new tier priced above ('up') or below
 * ('down') the current one. Returns the current tier.
 */
export async function requirePlanChange(
  tx: Database,
  sub: repo.SubscriptionRow,
  newTier: repo.TierRow,
  confirmProjectName: string,
  direction: 'up' | 'down',
): Promise<repo.TierRow> {
  await requireConfirmation(tx, sub.projectId, confirmProjectName);
  const current = (await repo.getTier(tx, sub.tierId)) as repo.TierRow;
  if (direction === 'up' && newTier.priceAudCents <= current.priceAudCents)
    throw new BillingError('not_an_upgrade');
  if (direction === 'down' && newTier.priceAudCents >= current.priceAudCents)
    throw new BillingError('not_a_downgrade');
  return current;
}

/** How long an upgrade's estimate stays good to confirm: a dialog left open longer is priced again. */
export const ESTIMATE_VALID_MS = 60 * 60 * 1000;

/**
 * The instant an upgrade is prorated as of (decision 0427): the `priced_as_of` of the estimate the
 * person confirmed, while it is at most an hour old and inside the current period; now when none was
 * sent. An older (or future) one is refused, so that nobody is charged other than what they saw.
 */
export function upgradeAsOf(sub: repo.SubscriptionRow, pricedAsOf: string | undefined, now: Date): Date {
  if (pricedAsOf === undefined) return now;
  const asOf = new Date(pricedAsOf);
  const oldest = Math.max(now.getTime() - ESTIMATE_VALID_MS, sub.currentPeriodStart.getTime());
  if (!(asOf.getTime() >= oldest && asOf.getTime() <= now.getTime())) {
    throw new BillingError('plan_estimate_expired');
  }
  return asOf;
}

export async function projectNameOf(tx: Database, projectId: string): Promise<string> {
  const project = await findActiveProject(tx, projectId);
  if (!project) throw new BillingError('subscription_not_found');
  return project.name;
}

async function requireConfirmation(tx: Database, projectId: string, typed: string): Promise<void> {
  const name = await projectNameOf(tx, projectId);
  if (typed !== name) {
    throw new BillingError('confirmation_required', {
      messageId: 'error.confirmation_required.named',
      params: { name },
    });
  }
}
