/** Pure billing arithmetic: card expiry, days of a period, billing periods (what a plan costs: pricing.ts). All money in whole cents. */
export { cardBrand, type Discount, discountedCents, luhnValid } from '@plumbline/contracts';

/** A card expires at the end of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1); // first instant of the following month
  return now.getTime() >= endOfMonth;
}

const DAY_MS = 86_400_000;

/** Whole days left in [now, periodEnd), counting a started day as a whole one. */
export function daysRemaining(now: Date, periodEnd: Date): number {
  return Math.max(0, Math.ceil((periodEnd.getTime() - now.getTime()) / DAY_MS));
}

/** The same day of the next month, clamped to its last day (31 Jan → 28/29 Feb), in UTC. */
export function addOneMonth(date: Date): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const result = new Date(date);
  result.setUTCDate(1);
  result.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return result;
}

/** Major units for display and the API (14900 → 149). */
export function centsToMajor(cents: number): number {
  return Math.round(cents) / 100;
}
