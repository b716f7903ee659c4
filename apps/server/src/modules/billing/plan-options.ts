import type { Currency, PlanChangeOptions } from '@plumbline/contracts';
import { toTierDto } from './dto';
import { centsToMajor, type Discount, daysRemaining } from './money';
import { monthlyPrice, PRORATION_DAYS, upgradeChargeCents } from './pricing';
import type { SubscriptionRow, TierRow } from './repo';

/**
 * Every active plan as a change of this subscription, sorted and classed by AUD price (spec 3 §4),
 * priced in its currency with its voucher. `estimate`: false when the provider (Stripe) computes the
 * charge itself, so no figure of ours is offered as its amount.
 */
export function planChangeOptions(input: {
  sub: SubscriptionRow;
  discount: Discount | null;
  current: TierRow;
  tiers: TierRow[];
  now: Date;
  estimate: boolean;
}): PlanChangeOptions {
  const { sub, discount, current, now } = input;
  const currency = sub.currency as Currency;
  const options = input.tiers
    .filter((tier) => tier.isActive || tier.id === current.id)
    .sort((a, b) => a.priceAudCents - b.priceAudCents)
    .map((tier) => {
      const price = monthlyPrice(tier, currency, discount);
      const change =
        tier.id === current.id
          ? ('current' as const)
          : tier.priceAudCents > current.priceAudCents
            ? ('upgrade' as const)
            : tier.priceAudCents < current.priceAudCents
              ? ('downgrade' as const)
              : ('same' as const);
      const charge =
        change === 'upgrade' && input.estimate
          ? upgradeChargeCents({
              current,
              target: tier,
              currency,
              discount,
              periodEnd: sub.currentPeriodEnd,
              now,
            })
          : null;
      return {
        tier: toTierDto(tier, currency),
        change,
        monthly_list: centsToMajor(price.listCents),
        monthly_billed: centsToMajor(price.billedCents),
        charge_now: charge === null ? null : centsToMajor(charge),
      };
    });
  return {
    subscription_id: sub.id,
    currency,
    days_remaining: daysRemaining(now, sub.currentPeriodEnd),
    proration_days: PRORATION_DAYS,
    options,
  };
}
