import type { RateCounter } from '../ratelimit';

/**
 * One export per caller every `seconds` (spec 2 §4 Export, §9: 30 s), counted in the database so the
 * cooldown holds across API servers (modules/ratelimit).
 */
export function createExportCooldown(counter: RateCounter, seconds: number) {
  const key = (caller: string) => `metadata-export:${caller}`;
  return {
    /** Whole seconds the caller still has to wait; 0 when an export may start. */
    secondsLeft(caller: string): Promise<number> {
      return counter.secondsLeft(key(caller), seconds);
    },
    /** Starts the caller's cooldown (a new window: the last one is over, or secondsLeft said so). */
    async start(caller: string): Promise<void> {
      await counter.spend(key(caller), 1, seconds);
    },
  };
}

export type ExportCooldown = ReturnType<typeof createExportCooldown>;
