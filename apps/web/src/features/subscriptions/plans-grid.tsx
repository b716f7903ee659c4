import type { Currency, Tier } from '@plumbline/contracts';
import { taxNote } from '@plumbline/contracts';
import { Check } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPrice } from '@/lib/billing';

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
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        {tiers.map((tier) => (
          <Card key={tier.id} className="relative overflow-hidden" aria-label={`${tier.name} plan`}>
            {tier.popular && (
              <span className="absolute right-0 top-0 rounded-bl-md bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                POPULAR
              </span>
            )}
            <CardHeader>
              <CardTitle>{tier.name}</CardTitle>
              <p className="text-sm text-muted-foreground">{tier.description}</p>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <p>
                <span className="text-2xl font-semibold">{formatPrice(tier.price, currency)}</span> / month{' '}
                <span className="text-muted-foreground">{taxNote(currency)}</span>
              </p>
              <ul className="grid gap-1">
                {[
                  `${tier.max_files} files`,
                  `${tier.max_storage_gb} GB storage`,
                  `${tier.max_users} team members`,
                  `${tier.max_reports_per_month} reports a month`,
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
                aria-label={`Add Project on ${tier.name}`}
              >
                Add Project
              </Button>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6 text-sm">
          <div>
            <p className="font-medium">Enterprise</p>
            <p className="text-muted-foreground">
              More projects, single sign-on, your own hosting or a custom plan.
            </p>
          </div>
          <Button variant="outline" asChild>
            <a href="/contact">Contact Us</a>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
