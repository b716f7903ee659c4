import type { FileLimits } from '@plumbline/contracts';
import type { Database } from '../../platform/db';
import { BillingError } from './errors';
import {
  DEFAULT_PLAN,
  DEMO_PLAN,
  describeLimits,
  formatGb,
  GB,
  type PlanLimits,
  UNKNOWN_FILE_BYTES,
  UNLIMITED_PLAN,
  type Usage,
  violationsOf,
} from './limits';
import * as repo from './repo';

/**
 * Plan limits (decision 0140): the plan a project runs on, and the one place the limits are decided.
 * Other modules call `enforcement` inside their own write's transaction (bimfiles, members,
 * projectfiles, reports); the billing service reads `planOf` for the Subscriptions tab.
 */
export function createPlanEnforcement(
  enabled: boolean,
  /** Pending invitations created from this instant on hold a seat (older ones have expired). */
  invitationsValidSince: (now: Date) => Date,
  now: () => Date,
) {
  /** The plan a project runs on, its usage, and its subscription (null without one). */
  async function planOf(
    tx: Database,
    projectId: string,
  ): Promise<{
    limits: PlanLimits;
    usage: Usage;
    sub: repo.SubscriptionRow | null;
    tier: repo.TierRow | null;
  }> {
    const usage = await repo.projectUsage(tx, projectId, invitationsValidSince(now()));
    if (!usage)
      throw new BillingError('subscription_not_found', { messageId: 'error.subscription_not_found.project' });
    const { isDemo, ...counts } = usage;
    if (!enabled) return { limits: UNLIMITED_PLAN, usage: counts, sub: null, tier: null };
    if (isDemo) return { limits: DEMO_PLAN, usage: counts, sub: null, tier: null };
    const sub = await repo.getProjectSubscription(tx, projectId);
    const tier = sub && sub.status !== 'canceled' ? await repo.getTier(tx, sub.tierId) : null;
    if (!sub || !tier) return { limits: DEFAULT_PLAN, usage: counts, sub: null, tier: null };
    return {
      limits: {
        plan: tier.name,
        maxFiles: tier.maxFiles,
        maxStorageGB: tier.maxStorageGb,
        maxUsers: tier.maxUsers,
        maxReportsPerMonth: tier.maxReportsPerMonth,
        refreshFrequency: tier.refreshFrequency as PlanLimits['refreshFrequency'],
      },
      usage: counts,
      sub,
      tier,
    };
  }

  /** Whose limit it is, as the limit messages name it: the plan's, or that of projects without one. */
  function planParams(limits: PlanLimits) {
    return { hasPlan: limits.plan === DEFAULT_PLAN.plan ? 'no' : 'yes', plan: limits.plan };
  }

  const enforcement = {
    /**
     * The limits Manage Files checks a selection against: the plan's, as uploads are checked (one
     * truth, decision 0305).
     */
    async fileLimits(tx: Database, projectId: string): Promise<FileLimits> {
      const { limits, sub } = await planOf(tx, projectId);
      const source =
        limits === DEMO_PLAN ? 'demo' : limits === UNLIMITED_PLAN ? 'unlimited' : sub ? 'plan' : 'default';
      return {
        max_files: limits.maxFiles,
        max_storage_bytes: Math.round(limits.maxStorageGB * GB),
        source,
      };
    },

    /**
     * Before a file version is written: a new file must fit the file limit, every version the storage
     * limit. Call inside the write's transaction; it locks the project row so two uploads take turns.
     */
    async assertCanStore(
      tx: Database,
      projectId: string,
      fileName: string,
      sizeBytes: number | null,
    ): Promise<void> {
      await repo.lockProject(tx, projectId);
      const { limits, usage } = await planOf(tx, projectId);
      const isNewFile = !(await repo.fileNameExists(tx, projectId, fileName));
      if (isNewFile && usage.files + 1 > limits.maxFiles) {
        throw new BillingError('limit_files', {
          messageId: 'error.limit_files.detail',
          params: { ...planParams(limits), max: limits.maxFiles },
        });
      }
      if (usage.storageBytes + (sizeBytes ?? UNKNOWN_FILE_BYTES) > limits.maxStorageGB * GB) {
        throw new BillingError('limit_storage', {
          messageId: 'error.limit_storage.detail',
          params: { limit: formatGb(limits.maxStorageGB), plan: limits.plan },
        });
      }
    },

    /**
     * Before a member is added or invited: members and pending (unexpired) invitations hold the plan's
     * seats, so an invitation the plan cannot seat is refused when sent, not when accepted.
     */
    async assertCanAddMember(tx: Database, projectId: string): Promise<void> {
      await repo.lockProject(tx, projectId);
      const { limits, usage } = await planOf(tx, projectId);
      if (usage.users + 1 > limits.maxUsers) {
        throw new BillingError('limit_users', {
          messageId: 'error.limit_users.detail',
          params: { ...planParams(limits), max: limits.maxUsers },
        });
      }
    },

    /** Before a refresh (spec 3 §4). */
    async assertRefreshAllowed(tx: Database, projectId: string): Promise<void> {
      const { limits, usage, sub, tier } = await planOf(tx, projectId);
      const state = sub && tier ? { ...sub, allowApiAccess: tier.allowApiAccess } : null;
      const described = describeLimits(limits, usage, state);
      if (described.limits.allowRefresh) return;
      const reason =
        sub && sub.paymentStatus !== 'paid'
          ? 'unpaid'
          : sub?.cancelAtPeriodEnd
            ? 'cancelling'
            : violationsOf(limits, usage).some((v) => v.severity === 'error')
              ? 'exceeded'
              : 'excluded';
      throw new BillingError('refresh_not_allowed', {
        messageId: 'error.refresh_not_allowed.detail',
        params: { reason, plan: limits.plan },
      });
    },

    /** How many reports a month the project's plan allows (the reports module's usage figure). */
    async reportLimit(tx: Database, projectId: string): Promise<number> {
      return (await planOf(tx, projectId)).limits.maxReportsPerMonth;
    },

    /** Before a report is queued; `reportsThisMonth` is counted by the reports module. */
    async assertReportAllowed(tx: Database, projectId: string, reportsThisMonth: number): Promise<void> {
      const { limits } = await planOf(tx, projectId);
      if (reportsThisMonth >= limits.maxReportsPerMonth) {
        throw new BillingError('limit_reports', {
          messageId: 'error.limit_reports.detail',
          params: { max: limits.maxReportsPerMonth },
        });
      }
    },
  };

  return { planOf, enforcement };
}
