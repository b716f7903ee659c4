import { useState } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { formatPrice } from '@/lib/billing';
import { roi } from './billing-rules';

/** The ROI calculator (spec 3 §2.7; inputs and formula are ours, decision 0143). */
export function RoiCalculator({ planPrice }: { planPrice: number }) {
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
    <Card aria-label="ROI calculator">
      <CardHeader>
        <CardTitle>ROI Calculator</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <div className="grid gap-3 sm:grid-cols-3">
          {field('modelsPerMonth', 'Models checked per month')}
          {field('hoursPerCheck', 'Hours of manual checking per model')}
          {field('hourlyRate', 'Hourly rate (AUD)')}
        </div>
        <p className="text-muted-foreground">
          Savings = models × hours × rate; return = (savings − plan price) ÷ plan price, against{' '}
          {formatPrice(planPrice, 'AUD')} a month.
        </p>
        <p className="text-base">
          Saved each month: <strong>{formatPrice(result.savings, 'AUD')}</strong> · Net:{' '}
          <strong>{formatPrice(Math.round(result.net), 'AUD')}</strong>
          {result.returnPercent !== null && (
            <>
              {' '}
              · Return: <strong>{result.returnPercent}%</strong>
            </>
          )}
        </p>
      </CardContent>
    </Card>
  );
}
