import { REFRESH_COOLDOWN_HOURS, refreshHoursLeft } from '@plumbline/contracts';

const HOUR_MS = 3_600_000;

export { refreshHoursLeft };

/**
 * Milliseconds until the hours-left figure next drops (it counts down hourly), or null when the
 * cooldown is over.
 */
export function msUntilNextHourTick(lastProcessedAt: string | null, now: Date): number | null {
  if (lastProcessedAt === null) return null;
  const left = new Date(lastProcessedAt).getTime() + REFRESH_COOLDOWN_HOURS * HOUR_MS - now.getTime();
  if (left <= 0) return null;
  return left % HOUR_MS || HOUR_MS;
}

/** The later of two instants (the project's stored time and a refresh just made here). */
export function laterOf(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return new Date(a).getTime() >= new Date(b).getTime() ? a : b;
}
