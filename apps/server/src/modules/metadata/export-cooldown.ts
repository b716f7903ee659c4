import type { Clock } from '../../platform/clock';

/**
 * One export per caller every `seconds` (spec 2 §4 Export, §9: 30 s). Kept in this process: with
 * several API processes each enforces it on its own, which still bounds the load per process.
 */
export function createExportCooldown(clock: Clock, seconds: number) {
  const lastExport = new Map<string, number>();
  return {
    /** Whole seconds the caller still has to wait; 0 when an export may start. */
    secondsLeft(caller: string): number {
      const last = lastExport.get(caller);
      if (last === undefined) return 0;
      const left = last + seconds * 1000 - clock.now().getTime();
      return left > 0 ? Math.ceil(left / 1000) : 0;
    },
    start(caller: string): void {
      const now = clock.now().getTime();
      lastExport.set(caller, now);
      // Forget callers whose cooldown is over, so the map stays as small as the active exporters.
      for (const [key, at] of lastExport) if (at + seconds * 1000 <= now) lastExport.delete(key);
    },
  };
}

export type ExportCooldown = ReturnType<typeof createExportCooldown>;
