import { useEffect, useState } from 'react';
import { laterOf, msUntilNextHourTick, refreshHoursLeft } from './refresh-cooldown';

/**
 * Hours until a project may be refreshed (spec 2 §4: 24 hours from the last processing, counting
 * down hourly). `refreshedAt` is a refresh made here that the project list may not show yet.
 * One timer, set to the next hourly drop and cleared on unmount.
 */
export function useRefreshCooldown(lastProcessedAt: string | null, refreshedAt: string | null): number {
  const since = laterOf(lastProcessedAt, refreshedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const wait = msUntilNextHourTick(since, new Date(now));
    if (wait === null) return;
    const timer = setTimeout(() => setNow(Date.now()), wait + 50);
    return () => clearTimeout(timer);
  }, [since, now]);
  // Render time, not the last tick, so a refresh made a moment ago reads as a full 24 hours.
  return Math.min(24, refreshHoursLeft(since, new Date(Math.max(now, Date.now()))));
}
