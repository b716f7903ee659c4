import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { authFailures } from '../../schema/users';

/** The longest a sign-in is made to wait. */
const MAX_DELAY_SECONDS = 15 * 60;
/** Failures an account may collect from all addresses before addresses that failed for it slow down. */
const ACCOUNT_FACTOR = 10;

export interface ThrottleRules {
  /** Failures that count until they are this old; older ones start over. */
  windowSeconds: number;
  /** Free failures for one account from one address; each further one doubles the wait (1 s, 2 s, 4 s…). */
  perAccount: number;
  /** Free failures from one address across all accounts. */
  perAddress: number;
}

/** Seconds to wait after `failures` when `free` are allowed: 0, then 1, 2, 4… up to 15 minutes. */
export function delaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** (failures - free));
}

/**
 * Sign-in throttling after OWASP's authentication guidance: only failures count, and they slow down
 * the source that made them with growing delays instead of locking the account. One address guessing
 * one account waits more and more; one address guessing many accounts too; an account under attack from
 * many addresses slows down every address that failed for it, while the owner signing in from an
 * address that has not failed is never held up.
 */
export function createSignInThrottle(rules: ThrottleRules) {
  const keys = (email: string, address: string | null) => ({
    pair: `pair:${email}|${address ?? '-'}`,
    account: `account:${email}`,
    address: `address:${address ?? '-'}`,
  });

  return {
    /** Seconds this attempt must still wait (0: go ahead). */
    async wait(db: Database, email: string, address: string | null, now: Date): Promise<number> {
      const k = keys(email, address);
      const rows = await db
        .select()
        .from(authFailures)
        .where(inArray(authFailures.key, [k.pair, k.account, k.address]));
      const fresh = new Map(
        rows
          .filter((r) => now.getTime() - r.lastFailureAt.getTime() < rules.windowSeconds * 1000)
          .map((r) => [r.key, r]),
      );
      const left = (key: string, free: number) => {
        const row = fresh.get(key);
        if (!row) return 0;
        const until = row.lastFailureAt.getTime() + delaySeconds(row.failures, free) * 1000;
        return Math.max(0, Math.ceil((until - now.getTime()) / 1000));
      };
      const pairFailed = fresh.has(k.pair);
      return Math.max(
        left(k.pair, rules.perAccount),
        left(k.address, rules.perAddress),
        pairFailed ? left(k.account, rules.perAccount * ACCOUNT_FACTOR) : 0,
      );
    },

    /** Counts a failed attempt against the address, the account, and the two together. */
    async failed(db: Database, email: string, address: string | null, now: Date): Promise<void> {
      const k = keys(email, address);
      const cutoff = new Date(now.getTime() - rules.windowSeconds * 1000);
      for (const key of [k.pair, k.account, k.address]) {
        await db
          .insert(authFailures)
          .values({ key, failures: 1, lastFailureAt: now })
          .onConflictDoUpdate({
            target: authFailures.key,
            set: {
              failures: sql`case when ${authFailures.lastFailureAt} < ${cutoff} then 1 else ${authFailures.failures} + 1 end`,
              lastFailureAt: now,
            },
          });
      }
    },

    /** A right password from an address clears that address's failures for the account. */
    async succeeded(db: Database, email: string, address: string | null): Promise<void> {
      await db.delete(authFailures).where(inArray(authFailures.key, [keys(email, address).pair]));
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
