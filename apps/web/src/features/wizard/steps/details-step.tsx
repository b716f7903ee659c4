import type { Currency } from '@plumbline/contracts';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { accCheckError } from '@/lib/acc';
import { formatPrice, useTiers } from '@/lib/billing';
import { cn } from '@/lib/cn';
import { type MessageId, rich, useT } from '@/lib/i18n';
import type { StepProps } from '../step-props';
import { useAccProjectFiles } from '../use-acc-files';
import { StepFooter } from './step-footer';

const CURRENCIES: Currency[] = ['AUD', 'USD', 'GBP', 'EUR'];

/** Details (spec 1 §2.1): name (required, trimmed), description, and the plan with its file limit and price. */
export function DetailsStep({ wizard, billingEnabled }: StepProps) {
  const { state, update } = wizard;
  const t = useT('wizard');
  // Plans are public: the demo offers the installation's own (spec 1 §1: only payment is simulated).
  const tiers = useTiers(state.currency, billingEnabled);
  const [nameError, setNameError] = useState<MessageId | undefined>();

  // The popular plan is preselected unless a plan came with the link.
  useEffect(() => {
    if (!tiers.data || state.tierId) return;
    const popular = tiers.data.find((tier) => tier.popular) ?? tiers.data[0];
    if (popular) update({ tierId: popular.id });
  }, [tiers.data, state.tierId, update]);

  // Spec 1 §4: entering Details from an ACC project checks, in the background, that it can be read.
  const accCheck = useAccProjectFiles(wizard);
  const checkError = accCheck.isError ? accCheckError(accCheck.error) : null;

  const onNext = () => {
    if (checkError) return;
    if (!state.name.trim()) return setNameError('wizard.details.nameRequired');
    update({ name: state.name.trim() });
    wizard.next();
  };

  return (
    <div className="grid gap-4">
      {checkError && (
        <p
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
          role="alert"
        >
          {t(checkError)}
        </p>
      )}
      {state.source === 'acc' && state.accProject && (
        <div className="flex items-center justify-between gap-3 rounded-md bg-muted/60 px-3 py-2 text-sm">
          <span>
            {rich(t, 'wizard.details.accProject', {
              name: state.accProject.name,
              b: (chunks) => <span className="font-medium">{chunks}</span>,
            })}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              setNameError(undefined);
              update({ name: state.accProject?.name ?? '' });
            }}
          >
            {t('wizard.details.useAccName')}
          </Button>
        </div>
      )}
      <FormField label={t('wizard.details.name')} error={nameError && t(nameError)}>
        <Input
          value={state.name}
          maxLength={255}
          onChange={(event) => {
            setNameError(event.target.value.trim() ? undefined : 'wizard.details.nameRequired');
            update({ name: event.target.value });
          }}
          onBlur={() => !state.name.trim() && setNameError('wizard.details.nameRequired')}
          placeholder={t('wizard.details.namePlaceholder')}
        />
      </FormField>
      <FormField label={t('wizard.details.description')} hint={t('wizard.details.descriptionHint')}>
        <Textarea
          value={state.description}
          maxLength={1000}
          rows={2}
          onChange={(event) => update({ description: event.target.value })}
        />
      </FormField>
      {billingEnabled && (
        <fieldset className="grid gap-2">
          <div className="flex items-center justify-between">
            <legend className="text-sm font-medium">{t('wizard.details.plan')}</legend>
            <select
              aria-label={t('wizard.details.currency')}
              className="h-8 rounded-md border border-border bg-background px-2 text-sm"
              value={state.currency}
              onChange={(event) => update({ currency: event.target.value as Currency })}
            >
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          {tiers.isPending ? (
            <Skeleton className="h-20" />
          ) : (
            <div
              className="grid gap-2 sm:grid-cols-3"
              role="radiogroup"
              aria-label={t('wizard.details.plan')}
            >
              {(tiers.data ?? []).map((tier) => (
                // biome-ignore lint/a11y/useSemanticElements: a plan card that acts as one radio of three
                <button
                  key={tier.id}
                  type="button"
                  role="radio"
                  aria-checked={state.tierId === tier.id}
                  onClick={() => update({ tierId: tier.id })}
                  className={cn(
                    'grid gap-1 rounded-lg border p-3 text-left text-sm transition-colors',
                    state.tierId === tier.id
                      ? 'border-primary bg-primary/5'
                      : 'border-border hover:bg-accent',
                  )}
                >
                  <span className="flex items-center justify-between font-medium">
                    {tier.name} {tier.popular && <Badge>{t('wizard.details.popular')}</Badge>}
                  </span>
                  <span>
                    {rich(t, 'wizard.price.perMonthTax', {
                      price: formatPrice(tier.price, state.currency),
                      currency: state.currency,
                      tax: (chunks) => <span className="text-muted-foreground">{chunks}</span>,
                    })}
                  </span>
                  <span className="text-muted-foreground">
                    {t('wizard.details.upToFiles', { count: tier.max_files })}
                  </span>
                </button>
              ))}
            </div>
          )}
        </fieldset>
      )}
      <StepFooter onBack={wizard.back}>
        <Button
          onClick={onNext}
          disabled={!state.name.trim() || (billingEnabled && !state.tierId) || checkError !== null}
        >
          {t('wizard.footer.next')}
        </Button>
      </StepFooter>
    </div>
  );
}
