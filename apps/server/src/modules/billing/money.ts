/** Pure billing arithmetic: cards, discounts, proration, billing periods. All money in whole cents. */

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** A card expires at the end of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1); // first instant of the following month
  return now.getTime() >= endOfMonth;
}

export interface Discount {
  type: 'percentage' | 'amount';
  /** Percent, or cents. */
  value: number;
}

/** Spec 1 §9: percentage: price × (1 − value/100); amount: value/100 off, never below 0. */
export function discountedCents(priceCents: number, discount: Discount | null): number {
  if (!discount) return priceCents;
  const after =
    discount.type === 'percentage'
      ? Math.round((priceCents * (100 - Math.min(100, Math.max(0, discount.value)))) / 100)
      : priceCents - Math.max(0, discount.value);
  return Math.max(0, after);
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
