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
