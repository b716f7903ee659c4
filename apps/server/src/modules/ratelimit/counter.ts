import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db';
import * as repo from './repo';

export interface Budget {
  /** Whether this hit is within the budget. */
  allowed: boolean;
  /** Whole seconds until the window ends and the budget is whole again. */
  retryAfterSeconds: number;
}

/**
 * Request budgets counted in PostgreSQL (table rate_limit_windows): every API server behind a load
 * balancer counts against the same numbers, where counters in each process's memory would give a
 * client N times the budget with N servers (docs/scaling.md).
 */
export function createRateCounter(deps: { db: Database; clock: Clock }) {
  const secondsUntilEnd = (startedAt: Date, windowSeconds: number, now: Date) =>
    Math.max(0, Math.ceil((startedAt.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));

  return {
    /** Spends one of `max` hits of `key` per `windowSeconds`. */
    async spend(key: string, max: number, windowSeconds: number): Promise<Budget> {
      const now = deps.clock.now();
      const window = await repo.countHit(deps.db, key, now, windowSeconds);
      return {
        allowed: window.hits <= max,
        retryAfterSeconds: secondsUntilEnd(window.windowStartedAt, windowSeconds, now),
      };
    },

    /** Whole seconds left of the window `key` is in (0: none), without counting a hit. */
    async secondsLeft(key: string, windowSeconds: number): Promise<number> {
      const startedAt = await repo.windowStart(deps.db, key);
      return startedAt ? secondsUntilEnd(startedAt, windowSeconds, deps.clock.now()) : 0;
    },

    /** Forgets windows that started a week ago or more (the hourly purge job). */
    purge(olderThanSeconds = 7 * 24 * 60 * 60): Promise<number> {
      return repo.deleteWindowsBefore(
        deps.db,
        new Date(deps.clock.now().getTime() - olderThanSeconds * 1000),
      );
    },
  };
}

export type RateCounter = ReturnType<typeof createRateCounter>;
