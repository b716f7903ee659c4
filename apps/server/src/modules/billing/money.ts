/** Pure billing arithmetic: card expiry, proration, billing periods. All money in whole cents. */
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

/** Days of the billing period [start, end). */
export function periodDays(start: Date, end: Date): number {
  return Math.max(1, Math.round((end.getTime() - start.getTime()) / DAY_MS));
}

/**
 * What an upgrade charges now (decision 0141): the monthly difference (after the subscription's
 * discount) for the days left of the current period, to the day: diff × daysLeft / periodDays.
 */
export function prorationCents(input: {
  oldMonthlyCents: number;
  newMonthlyCents: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const diff = input.newMonthlyCents - input.oldMonthlyCents;
  if (diff <= 0) return 0;
  const left = daysRemaining(input.now, input.periodEnd);
  const total = periodDays(input.periodStart, input.periodEnd);
  return Math.round((diff * Math.min(left, total)) / total);
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
