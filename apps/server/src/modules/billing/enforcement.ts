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
export function createPlanEnforcement(enabled: boolean) {
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
    const usage = await repo.projectUsage(tx, projectId);
    if (!usage) throw new BillingError('subscription_not_found', { message: 'Project not found' });
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

  function planWords(limits: PlanLimits): string {
    return limits.plan === DEFAULT_PLAN.plan
      ? 'Projects without a plan allow'
      : `Your ${limits.plan} plan allows`;
  }

  const enforcement = {
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
          message: `File limit reached: ${planWords(limits)} a maximum of ${limits.maxFiles} files.`,
        });
      }
      if (usage.storageBytes + (sizeBytes ?? UNKNOWN_FILE_BYTES) > limits.maxStorageGB * GB) {
        throw new BillingError('limit_storage', {
          message: `Storage limit exceeded: this file would exceed the ${formatGb(limits.maxStorageGB)} GB storage limit (${limits.plan}).`,
        });
      }
    },

    /** Before a member is added. */
    async assertCanAddMember(tx: Database, projectId: string): Promise<void> {
      await repo.lockProject(tx, projectId);
      const { limits, usage } = await planOf(tx, projectId);
      if (usage.users + 1 > limits.maxUsers) {
        throw new BillingError('limit_users', {
          message: `User limit reached: ${planWords(limits)} a maximum of ${limits.maxUsers} team members.`,
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
          ? 'an invoice is unpaid'
          : sub?.cancelAtPeriodEnd
            ? 'the subscription is cancelling'
            : violationsOf(limits, usage).some((v) => v.severity === 'error')
              ? 'a plan limit is exceeded'
              : 'the plan does not include refreshes';
      throw new BillingError('refresh_not_allowed', {
        message: `This project cannot be refreshed: ${reason} (${limits.plan}).`,
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
          message: `Monthly limit reached (${limits.maxReportsPerMonth} reports)`,
        });
      }
    },
  };

  return { planOf, enforcement };
}
