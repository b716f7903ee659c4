import type { Currency } from '@plumbline/contracts';
import { type Discount, daysRemaining, discountedCents } from './money';
import type { SubscriptionRow, TierRow, VoucherRow } from './repo';

/**
 * The one definition of what a plan costs a subscription and what a plan change charges
 * (decision 0310). The upgrade estimate the browser shows and the amount the ledger then charges
 * both come from here, so they cannot differ.
 */

/** Spec 3 §9: the proration divides by 30, whatever the month's length. */
export const PRORATION_DAYS = 30;

/** A plan's list price in a currency, in cents. */
export function tierPriceCents(tier: TierRow, currency: Currency): number {
  switch (currency) {
    case 'USD':
      return tier.priceUsdCents;
    case 'GBP':
      return tier.priceGbpCents;
    case 'EUR':
      return tier.priceEurCents;
    default:
      return tier.priceAudCents;
  }
}

/** The voucher a subscription keeps for every month (spec 1 §9), as stored with it. */
export function subscriptionDiscount(sub: SubscriptionRow): Discount | null {
  if (sub.discountPercentage !== null) return { type: 'percentage', value: sub.discountPercentage };
  if (sub.discountAmountCents !== null) return { type: 'amount', value: sub.discountAmountCents };
  return null;
}

export function voucherDiscount(voucher: VoucherRow | null): Discount | null {
  if (!voucher) return null;
  return { type: voucher.discountType === 'amount' ? 'amount' : 'percentage', value: voucher.discountValue };
}

/** A plan's monthly price for one subscription: its list price in the subscription's currency, and what is billed after its voucher (spec 1 §9). */
export function monthlyPrice(
  tier: TierRow,
  currency: Currency,
  discount: Discount | null,
): { listCents: number; billedCents: number } {
  const listCents = tierPriceCents(tier, currency);
  return { listCents, billedCents: discountedCents(listCents, discount) };
}

/**
 * What an upgrade charges now (spec 3 §9, decision 0310): the difference of the two billed monthly
 * prices (voucher applied, in the subscription's currency) × whole days remaining in the period ÷ 30,
 * rounded to the cent. Nothing for a plan that does not cost more.
 */
export function upgradeChargeCents(input: {
  current: TierRow;
  target: TierRow;
  currency: Currency;
  discount: Discount | null;
  periodEnd: Date;
  now: Date;
}): number {
  const from = monthlyPrice(input.current, input.currency, input.discount).billedCents;
  const to = monthlyPrice(input.target, input.currency, input.discount).billedCents;
  const diff = to - from;
  if (diff <= 0) return 0;
  return Math.round((diff * daysRemaining(input.now, input.periodEnd)) / PRORATION_DAYS);
}
