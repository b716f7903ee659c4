import { cardBrand, discountedCents, luhnValid } from '@plumbline/contracts';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  accMessageId,
  cleanUpAccSession,
  isAccSessionGone,
  markAccHandOver,
  mentionsAuthentication,
  storedAccSession,
} from '@/lib/acc';
import { errorMessage } from '@/lib/api';
import { formatPrice, useBillingConfig, useTiers, validateVoucher } from '@/lib/billing';
import { type MessageId, rich, useT } from '@/lib/i18n';
import type { StepProps } from '../step-props';
import { defaultBillingName, parseExpiry } from '../wizard-steps';
import { StepFooter } from './step-footer';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** /demo has no account: its payment form shows a sample buyer and card, and nothing is charged. */
const DEMO_EMAIL = 'demo@plumbline.example';
const DEMO_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** Payment (spec 1 §2.1, §5, §8): order summary, buyer, voucher, card (the built-in test-mode ledger). */
export function PaymentStep({ wizard, user, demo }: StepProps) {
  const { state, update } = wizard;
  const t = useT('wizard');
  const tiers = useTiers(state.currency);
  // PAYMENTS=stripe: cards and promotion codes are entered on Stripe's checkout page (spec 1 §4).
  const config = useBillingConfig().data;
  const hosted = config?.provider === 'stripe';
  const tier = tiers.data?.find((candidate) => candidate.id === state.tierId) ?? null;
  const email = demo ? DEMO_EMAIL : (user?.email ?? '');
  const card = demo ? DEMO_CARD : state.card;
  const customerName = state.customerName || defaultBillingName(user?.fullName, email);
  const [errors, setErrors] = useState<Record<string, MessageId>>({});
  const [processing, setProcessing] = useState(false);
  const [applying, setApplying] = useState(false);
  // One key per attempt of this wizard: a double click or a retry after a lost answer charges once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  const priceCents = tier ? Math.round(tier.price * 100) : 0;
  const discount = state.voucher?.result.valid
    ? {
        type: state.voucher.result.discount_type ?? 'percentage',
        value: state.voucher.result.discount_value ?? 0,
      }
    : null;
  const totalCents = discountedCents(priceCents, discount);
  const digits = card.number.replace(/\D/g, '');
  const brand = useMemo(() => (digits.length >= 1 ? cardBrand(digits) : ''), [digits]);

  const applyVoucher = async () => {
    const code = state.voucherInput.trim().toUpperCase();
    if (!code) return;
    setApplying(true);
    try {
      const result = await validateVoucher(code);
      if (result.valid) {
        update({ voucher: { code, result } });
        toast.success(t('wizard.payment.voucherApplied'), { description: result.description ?? undefined });
      } else {
        update({ voucher: null });
        toast.error(t('wizard.payment.voucherInvalid'), {
          description: result.message || t('wizard.payment.voucherInvalidCode'),
        });
      }
    } catch {
      update({ voucher: null });
      toast.error(t('wizard.payment.voucherFailed'));
    } finally {
      setApplying(false);
    }
  };

  const goToCheckout = async () => {
    const found: Record<string, MessageId> = {};
    if (!customerName.trim()) found.name = 'wizard.payment.nameRequired';
    if (!EMAIL.test(email)) found.email = 'wizard.payment.emailInvalid';
    if (!tier) found.plan = 'wizard.payment.noPlan';
    setErrors(found);
    if (Object.keys(found).length > 0 || !tier) return;
    setProcessing(true);
    try {
      const url = await wizard.checkout({ tier, customerName, billingEmail: email });
      // Stripe's checkout returns to the wizard: the page unload is not the end of the import.
      markAccHandOver();
      window.location.assign(url);
    } catch (error) {
      toast.error(t('wizard.payment.failed'), { description: errorMessage(error) });
      setProcessing(false);
    }
  };

  // Spec 1 §4: the demo's payment and creation are simulated (2 s, 1 s) and write nothing.
  const payDemo = async () => {
    if (!customerName.trim()) return setErrors({ name: 'wizard.payment.nameRequired' });
    setErrors({});
    setProcessing(true);
    try {
      await wizard.finish({ tier, customerName, billingEmail: email, card: null, idempotencyKey });
    } finally {
      setProcessing(false);
    }
  };

  const pay = async () => {
    const found: Record<string, MessageId> = {};
    if (!customerName.trim()) found.name = 'wizard.payment.nameRequired';
    if (!EMAIL.test(email)) found.email = 'wizard.payment.emailInvalid';
    if (!tier) found.plan = 'wizard.payment.noPlan';
    // Spec 1 §5: an ACC import needs its (at most 30-minute-old) Autodesk session.
    if (state.source === 'acc' && (!state.accSessionId || storedAccSession() !== state.accSessionId))
      found.session = accMessageId('sessionExpired');
    const expiry = parseExpiry(state.card.expiry);
    if (!luhnValid(digits)) found.number = 'wizard.payment.cardInvalid';
    if (!expiry) found.expiry = 'wizard.payment.expiryInvalid';
    if (!/^\d{3,4}$/.test(state.card.cvc.trim())) found.cvc = 'wizard.payment.cvcIncomplete';
    setErrors(found);
    if (Object.keys(found).length > 0 || !tier || !expiry) return;
    setProcessing(true);
    try {
      await wizard.finish({
        tier,
        customerName,
        billingEmail: email,
        card: { number: digits, expMonth: expiry.month, expYear: expiry.year, cvc: state.card.cvc.trim() },
        idempotencyKey,
      });
    } catch (error) {
      // A payment error clears the stored project data (spec 1 §4); the form stays for another try.
      // One about the Autodesk session (or its authentication) also cleans that session up: the person reconnects.
      if (state.source === 'acc' && (isAccSessionGone(error) || mentionsAuthentication(error)))
        cleanUpAccSession('error');
      toast.error(t('wizard.payment.failed'), { description: errorMessage(error) });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div className="grid gap-4">
      <section
        aria-label={t('wizard.payment.summary')}
        className="grid gap-1 rounded-lg border border-border bg-muted/40 p-4 text-sm"
      >
        <div className="flex items-center justify-between font-medium">
          <span>
            {t('wizard.payment.planLine', {
              plan: tier?.name ?? '',
              hasPlan: tier ? 'yes' : 'no',
              project: state.name,
            })}
          </span>
          <span>{t('wizard.price.perMonth', { price: formatPrice(priceCents / 100, state.currency) })}</span>
        </div>
        {discount && state.voucher && (
          <div className="flex items-center justify-between text-green-700">
            <span>{t('wizard.payment.voucherLine', { code: state.voucher.code })}</span>
            <span>{formatPrice(-(priceCents - totalCents) / 100, state.currency)}</span>
          </div>
        )}
        <div className="flex items-center justify-between border-t border-border pt-2 font-semibold">
          <span>{t('wizard.payment.total')}</span>
          <span>
            {rich(t, 'wizard.price.withTax', {
              price: formatPrice(totalCents / 100, state.currency),
              currency: state.currency,
              tax: (chunks) => <span className="font-normal text-muted-foreground">{chunks}</span>,
            })}
          </span>
        </div>
        <span className="text-muted-foreground">
          {t('wizard.payment.afterPayment', { count: state.files.length })}
        </span>
        {state.idsFiles.length > 0 && (
          <span className="text-muted-foreground">
            {t('wizard.ids.afterPayment', { count: state.idsFiles.length })}
          </span>
        )}
        {errors.plan && <p className="text-destructive">{t(errors.plan)}</p>}
        {errors.session && (
          <p className="text-destructive" role="alert">
            {t(errors.session)}
          </p>
        )}
      </section>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label={t('wizard.payment.name')} error={errors.name && t(errors.name)}>
          <Input
            value={customerName}
            onChange={(e) => update({ customerName: e.target.value })}
            autoComplete="name"
          />
        </FormField>
        <FormField label={t('wizard.payment.email')} error={errors.email && t(errors.email)}>
          <Input value={email} readOnly />
        </FormField>
      </div>
      {demo && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note">
          {t('wizard.demo.paymentNote')}
        </p>
      )}
      {hosted ? (
        <p className="rounded-lg border border-border p-3 text-sm text-muted-foreground">
          {config?.testMode && (
            <Badge variant="warning" className="mr-2">
              {t('wizard.payment.testMode')}
            </Badge>
          )}
          {t('wizard.payment.hosted')}
        </p>
      ) : (
        <>
          <div className="flex items-end gap-2">
            <FormField
              label={t('wizard.payment.voucher')}
              className="flex-1"
              hint={demo ? t('wizard.demo.voucherHint') : undefined}
            >
              <Input
                value={state.voucherInput}
                disabled={demo}
                onChange={(e) => update({ voucherInput: e.target.value.toUpperCase() })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void applyVoucher();
                  }
                }}
              />
            </FormField>
            <Button
              variant="outline"
              onClick={applyVoucher}
              disabled={demo || !state.voucherInput.trim() || applying}
            >
              {t('wizard.payment.apply')}
            </Button>
          </div>
          <fieldset className="grid gap-2 rounded-lg border border-border p-3">
            <legend className="flex items-center gap-2 px-1 text-sm font-medium">
              {t('wizard.payment.card')} <Badge variant="warning">{t('wizard.payment.testMode')}</Badge>
            </legend>
            <p className="text-xs text-muted-foreground">{t('wizard.payment.testCards')}</p>
            <div className="grid gap-2 sm:grid-cols-[1fr_6rem_5rem]">
              <FormField
                label={t('wizard.payment.cardNumber', { brand: brand && brand !== 'card' ? brand : 'none' })}
                error={errors.number && t(errors.number)}
              >
                <Input
                  inputMode="numeric"
                  autoComplete="cc-number"
                  value={card.number}
                  readOnly={demo}
                  onChange={(e) => update({ card: { ...state.card, number: e.target.value } })}
                  placeholder="1234 1234 1234 1234"
                />
              </FormField>
              <FormField label={t('wizard.payment.expiry')} error={errors.expiry && t(errors.expiry)}>
                <Input
                  autoComplete="cc-exp"
                  value={card.expiry}
                  readOnly={demo}
                  onChange={(e) => update({ card: { ...state.card, expiry: e.target.value } })}
                  placeholder={t('wizard.payment.expiryPlaceholder')}
                />
              </FormField>
              <FormField label={t('wizard.payment.cvc')} error={errors.cvc && t(errors.cvc)}>
                <Input
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  value={card.cvc}
                  readOnly={demo}
                  onChange={(e) => update({ card: { ...state.card, cvc: e.target.value } })}
                  placeholder="123"
                />
              </FormField>
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={state.saveCard}
                onChange={(e) => update({ saveCard: e.target.checked })}
              />
              {t('wizard.payment.saveCard')}
            </label>
          </fieldset>
        </>
      )}
      <StepFooter onBack={wizard.back} disabledBack={processing}>
        <Button onClick={demo ? payDemo : hosted ? goToCheckout : pay} disabled={processing}>
          {t('wizard.payment.submit', { state: processing ? 'processing' : hosted ? 'checkout' : 'pay' })}
        </Button>
      </StepFooter>
    </div>
  );
}
