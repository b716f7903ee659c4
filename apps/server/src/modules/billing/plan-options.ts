import type { Currency, PlanChangeOptions } from '@plumbline/contracts';
import { toTierDto } from './dto';
import { centsToMajor, type Discount, daysRemaining } from './money';
import { monthlyPrice, PRORATION_DAYS } from './pricing';
import type { SubscriptionRow, TierRow } from './repo';

/**
 * Every active plan as a change of this subscription, sorted and classed by AUD price (spec 3 §4),
 * priced in its currency with its voucher. `upgradeCharge` gives an upgrade's charge now, in cents, by
 * the definition the upgrade then charges with (the ledger's pricing, Stripe's invoice preview); null
 * when it cannot be known, so that no figure is offered as the amount.
 */
export async function planChangeOptions(input: {
  sub: SubscriptionRow;
  discount: Discount | null;
  current: TierRow;
  tiers: TierRow[];
  now: Date;
  upgradeCharge: (tier: TierRow) => Promise<number | null>;
}): Promise<PlanChangeOptions> {
  const { sub, discount, current, now } = input;
  const currency = sub.currency as Currency;
  const tiers = input.tiers
    .filter((tier) => tier.isActive || tier.id === current.id)
    .sort((a, b) => a.priceAudCents - b.priceAudCents);
  const options: PlanChangeOptions['options'] = [];
  for (const tier of tiers) {
    const price = monthlyPrice(tier, currency, discount);
    const change =
      tier.id === current.id
        ? ('current' as const)
        : tier.priceAudCents > current.priceAudCents
          ? ('upgrade' as const)
          : tier.priceAudCents < current.priceAudCents
            ? ('downgrade' as const)
            : ('same' as const);
    const charge = change === 'upgrade' ? await input.upgradeCharge(tier) : null;
    options.push({
      tier: toTierDto(tier, currency),
      change,
      monthly_list: centsToMajor(price.listCents),
      monthly_billed: centsToMajor(price.billedCents),
      charge_now: charge === null ? null : centsToMajor(charge),
    });
  }
  return {
    subscription_id: sub.id,
    currency,
    days_remaining: daysRemaining(now, sub.currentPeriodEnd),
    proration_days: PRORATION_DAYS,
    priced_as_of: now.toISOString(),
    options,
  };
}
