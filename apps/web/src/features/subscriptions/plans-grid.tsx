import type { Currency, Tier } from '@plumbline/contracts';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPrice } from '@/lib/billing';
import { rich, useT } from '@/lib/i18n';

/** Available plans (spec 3 §2.7): three columns, POPULAR ribbon, Add Project per plan, enterprise section. */
export function PlansGrid({
  tiers,
  currency,
  onAddProject,
  disabled,
}: {
  tiers: Tier[];
  currency: Currency;
  onAddProject: (tier: Tier) => void;
  disabled: boolean;
}) {
  const t = useT('subscriptions');
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        {tiers.map((tier) => (
          <Card
            key={tier.id}
            className="relative overflow-hidden"
            aria-label={t('subscriptions.plans.label', { name: tier.name })}
          >
            {tier.popular && (
              <span className="absolute right-0 top-0 rounded-bl-md bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                {t('subscriptions.plans.popular')}
              </span>
            )}
            <CardHeader>
              <CardTitle>{tier.name}</CardTitle>
              <p className="text-sm text-muted-foreground">{tier.description}</p>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p>
                {rich(t, 'subscriptions.plans.perMonth', {
                  price: formatPrice(tier.price, currency),
                  big: (chunks) => <span className="text-2xl font-semibold">{chunks}</span>,
                })}{' '}
                <span className="text-muted-foreground">
                  {t('subscriptions.price.taxNote', { currency })}
                </span>
              </p>
              <ul className="grid gap-1">
                {[
                  t('subscriptions.plans.files', { count: tier.max_files }),
                  t('subscriptions.plans.storage', { count: tier.max_storage_gb }),
                  t('subscriptions.plans.members', { count: tier.max_users }),
                  t('subscriptions.plans.reports', { count: tier.max_reports_per_month }),
                  ...tier.features,
                ].map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check className="size-4 text-green-700" aria-hidden="true" /> {feature}
                  </li>
                ))}
              </ul>
              <Button
                onClick={() => onAddProject(tier)}
                disabled={disabled}
                aria-label={t('subscriptions.plans.addOn', { name: tier.name })}
              >
                {t('subscriptions.plans.add')}
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6 text-sm">
          <div>
            <p className="font-medium">{t('subscriptions.plans.enterprise')}</p>
            <p className="text-muted-foreground">{t('subscriptions.plans.enterpriseText')}</p>
          </div>
          <Button variant="outline" asChild>
            <a href="/contact">{t('subscriptions.plans.contact')}</a>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
