import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatPrice } from '@/lib/billing';
import { formatPercent } from '@/lib/format';
import { rich, useT } from '@/lib/i18n';
import { roi } from './billing-rules';

/** The ROI calculator (spec 3 §2.7; inputs and formula are ours, decision 0143). */
export function RoiCalculator({ planPrice }: { planPrice: number }) {
  const t = useT('subscriptions');
  const [inputs, setInputs] = useState({ modelsPerMonth: 4, hoursPerCheck: 6, hourlyRate: 120 });
  const result = roi({ ...inputs, planPrice });
  const field = (key: keyof typeof inputs, label: string) => (
    <FormField label={label}>
      <Input
        type="number"
        min={0}
        value={inputs[key]}
        onChange={(e) => setInputs({ ...inputs, [key]: Number(e.target.value) || 0 })}
      />
    </FormField>
  );
  return (
    <Card aria-label={t('subscriptions.roi.label')}>
      <CardHeader>
        <CardTitle>{t('subscriptions.roi.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-3 sm:grid-cols-3">
          {field('modelsPerMonth', t('subscriptions.roi.models'))}
          {field('hoursPerCheck', t('subscriptions.roi.hours'))}
          {field('hourlyRate', t('subscriptions.roi.rate'))}
        </div>
        <p className="text-muted-foreground">
          {t('subscriptions.roi.formula', { price: formatPrice(planPrice, 'AUD') })}
        </p>
        <p className="text-base">
          {rich(t, 'subscriptions.roi.result', {
            savings: formatPrice(result.savings, 'AUD'),
            net: formatPrice(Math.round(result.net), 'AUD'),
            hasReturn: result.returnPercent !== null ? 'yes' : 'no',
            percent: result.returnPercent !== null ? formatPercent(result.returnPercent) : '',
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      </CardContent>
    </Card>
  );
}
