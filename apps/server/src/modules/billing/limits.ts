import type { ProjectLimits, RefreshFrequency, Violation } from '@plumbline/contracts';

/** 1 GB as the spec counts it (spec 3 §9). */
export const GB = 1_073_741_824;
/** Storage counted for a file whose size is not known yet (spec 3 §9). */
export const UNKNOWN_FILE_BYTES = 50 * 1024 * 1024;
/** Share of a limit from which a violation is a warning (spec 3 §9). */
export const WARNING_SHARE = 0.8;

export interface PlanLimits {
  plan: string;
  maxFiles: number;
  maxStorageGB: number;
  maxUsers: number;
  maxReportsPerMonth: number;
  refreshFrequency: RefreshFrequency;
}

/** Spec 1 §9 'Default (no plan)': 15 files, 3 GB; spec 3 §9 default users 5; reports: decision 0140. */
export const DEFAULT_PLAN: PlanLimits = {
  plan: 'Default (no plan)',
  maxFiles: 15,
  maxStorageGB: 3,
  maxUsers: 5,
  maxReportsPerMonth: 5,
  refreshFrequency: 'manual',
};

/** The demo project counts as subscribed (spec 3 §2.6); spec 2 §9: 50 files, 1.25 GiB. */
export const DEMO_PLAN: PlanLimits = {
  plan: 'Demo',
  maxFiles: 50,
  maxStorageGB: 1.25,
  maxUsers: 50,
  maxReportsPerMonth: 0,
  refreshFrequency: 'manual',
};

/** BILLING=off: the installation sells nothing and limits nothing. */
export const UNLIMITED_PLAN: PlanLimits = {
  plan: 'Unlimited',
  maxFiles: 1_000_000,
  maxStorageGB: 1_000_000,
  maxUsers: 1_000_000,
  maxReportsPerMonth: 1_000_000,
  refreshFrequency: 'manual',
};

export interface Usage {
  files: number;
  storageBytes: number;
  /** Seats: members and pending invitations. */
  users: number;
  /** Of the seats, pending invitations. */
  invited?: number;
}

/** Warning from 80 % of a limit, error above it (spec 3 §9). */
export function violationsOf(limits: PlanLimits, usage: Usage): Violation[] {
  const checks: Array<[Violation['type'], number, number]> = [
    ['files', usage.files, limits.maxFiles],
    ['storage', usage.storageBytes, limits.maxStorageGB * GB],
    ['users', usage.users, limits.maxUsers],
  ];
  const out: Violation[] = [];
  for (const [type, current, limit] of checks) {
    if (current > limit) out.push({ type, current, limit, severity: 'error' });
    else if (current >= limit * WARNING_SHARE) out.push({ type, current, limit, severity: 'warning' });
  }
  return out;
}

export interface SubscriptionState {
  allowApiAccess: boolean;
  status: string;
  cancelAtPeriodEnd: boolean;
  paymentStatus: string;
}

/**
 * Spec 3 §4: refresh needs API access in the plan, an active subscription that is not cancelling,
 * paid, and no limit exceeded. A project without a subscription may refresh by hand within its limits.
 */
export function refreshAllowed(subscription: SubscriptionState | null, violations: Violation[]): boolean {
  const withinLimits = !violations.some((v) => v.severity === 'error');
  if (!subscription) return withinLimits;
  return (
    subscription.allowApiAccess &&
    subscription.status === 'active' &&
    !subscription.cancelAtPeriodEnd &&
    subscription.paymentStatus === 'paid' &&
    withinLimits
  );
}

export function describeLimits(
  limits: PlanLimits,
  usage: Usage,
  subscription: SubscriptionState | null,
): ProjectLimits {
  const violations = violationsOf(limits, usage);
  return {
    plan: limits.plan,
    limits: {
      maxFiles: limits.maxFiles,
      maxStorageGB: limits.maxStorageGB,
      maxUsers: limits.maxUsers,
      refreshFrequency: limits.refreshFrequency,
      allowRefresh: refreshAllowed(subscription, violations),
      maxReportsPerMonth: limits.maxReportsPerMonth,
    },
    usage,
    violations,
  };
}

export function formatGb(gb: number): string {
  return Number.isInteger(gb) ? String(gb) : gb.toFixed(2);
}
