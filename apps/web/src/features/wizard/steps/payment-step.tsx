import { ACC_MESSAGES, cardBrand, discountedCents, luhnValid, taxNote } from '@plumbline/contracts';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import {
  cleanUpAccSession,
  isAccSessionGone,
  markAccHandOver,
  mentionsAuthentication,
  storedAccSession,
} from '@/lib/acc';
import { errorMessage } from '@/lib/api';
import { formatPrice, useBillingConfig, useTiers, validateVoucher } from '@/lib/billing';
import { useT } from '@/lib/i18n';
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
  const tier = tiers.data?.find((t) => t.id === state.tierId) ?? null;
  const email = demo ? DEMO_EMAIL : (user?.email ?? '');
  const card = demo ? DEMO_CARD : state.card;
  const customerName = state.customerName || defaultBillingName(user?.fullName, email);
  const [errors, setErrors] = useState<Record<string, string>>({});
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
        toast.success('Voucher applied!', { description: result.description ?? undefined });
      } else {
        update({ voucher: null });
        toast.error('Invalid voucher', { description: result.message || 'Invalid voucher code' });
      }
    } catch {
      update({ voucher: null });
      toast.error('Failed to validate voucher code');
    } finally {
      setApplying(false);
    }
  };

  const goToCheckout = async () => {
    const found: Record<string, string> = {};
    if (!customerName.trim()) found.name = 'Full name is required';
    if (!EMAIL.test(email)) found.email = 'Please enter a valid email address';
    if (!tier) found.plan = 'No subscription plan selected. Please go back and select a plan.';
    setErrors(found);
    if (Object.keys(found).length > 0 || !tier) return;
    setProcessing(true);
    try {
      const url = await wizard.checkout({ tier, customerName, billingEmail: email });
      // Stripe's checkout returns to the wizard: the page unload is not the end of the import.
      markAccHandOver();
      window.location.assign(url);
    } catch (error) {
      toast.error('Payment failed', { description: errorMessage(error) });
      setProcessing(false);
    }
  };

  // Spec 1 §4: the demo's payment and creation are simulated (2 s, 1 s) and write nothing.
  const payDemo = async () => {
    if (!customerName.trim()) return setErrors({ name: 'Full name is required' });
    setErrors({});
    setProcessing(true);
    try {
      await wizard.finish({ tier, customerName, billingEmail: email, card: null, idempotencyKey });
    } finally {
      setProcessing(false);
    }
  };

  const pay = async () => {
    const found: Record<string, string> = {};
    if (!customerName.trim()) found.name = 'Full name is required';
    if (!EMAIL.test(email)) found.email = 'Please enter a valid email address';
    if (!tier) found.plan = 'No subscription plan selected. Please go back and select a plan.';
    // Spec 1 §5: an ACC import needs its (at most 30-minute-old) Autodesk session.
    if (state.source === 'acc' && (!state.accSessionId || storedAccSession() !== state.accSessionId))
      found.session = ACC_MESSAGES.sessionExpired;
    const expiry = parseExpiry(state.card.expiry);
    if (!luhnValid(digits)) found.number = 'Your card number is invalid.';
    if (!expiry) found.expiry = 'Enter the expiry as MM/YY.';
    if (!/^\d{3,4}$/.test(state.card.cvc.trim())) found.cvc = "Your card's security code is incomplete.";
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
      toast.error('Payment failed', { description: errorMessage(error) });
    } finally {
      setProcessing(false);
    }
  };

  return (
    <div className="grid gap-4">
      <section
        aria-label="Order summary"
        className="grid gap-1 rounded-lg border border-border bg-muted/40 p-4 text-sm"
      >
        <div className="flex items-center justify-between font-medium">
          <span>
            {tier?.name ?? 'No plan'} plan · {state.name}
          </span>
          <span>{formatPrice(priceCents / 100, state.currency)} / month</span>
        </div>
        {discount && state.voucher && (
          <div className="flex items-center justify-between text-green-700">
            <span>Voucher {state.voucher.code}</span>
            <span>-{formatPrice((priceCents - totalCents) / 100, state.currency)}</span>
          </div>
        )}
        <div className="flex items-center justify-between border-t border-border pt-2 font-semibold">
          <span>Total per month</span>
          <span>
            {formatPrice(totalCents / 100, state.currency)}{' '}
            <span className="font-normal text-muted-foreground">{taxNote(state.currency)}</span>
          </span>
        </div>
        <span className="text-muted-foreground">
          {state.files.length} file{state.files.length === 1 ? '' : 's'} to upload after payment
        </span>
        {state.idsFiles.length > 0 && (
          <span className="text-muted-foreground">
            {t('wizard.ids.afterPayment', { count: state.idsFiles.length })}
          </span>
        )}
        {errors.plan && <p className="text-destructive">{errors.plan}</p>}
        {errors.session && (
          <p className="text-destructive" role="alert">
            {errors.session}
          </p>
        )}
      </section>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Full name" error={errors.name}>
          <Input
            value={customerName}
            onChange={(e) => update({ customerName: e.target.value })}
            autoComplete="name"
          />
        </FormField>
        <FormField label="Billing email" error={errors.email}>
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
              Test mode
            </Badge>
          )}
          You will enter your card on Stripe's secure checkout page; promotion codes are entered there too.
          Your project is created as soon as Stripe confirms the payment.
        </p>
      ) : (
        <>
          <div className="flex items-end gap-2">
            <FormField
              label="Voucher code"
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
              Apply
            </Button>
          </div>
          <fieldset className="grid gap-2 rounded-lg border border-border p-3">
            <legend className="flex items-center gap-2 px-1 text-sm font-medium">
              Card <Badge variant="warning">Test mode</Badge>
            </legend>
            <p className="text-xs text-muted-foreground">
              Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry and
              CVC.
            </p>
            <div className="grid gap-2 sm:grid-cols-[1fr_6rem_5rem]">
              <FormField
                label={`Card number${brand && brand !== 'card' ? ` (${brand})` : ''}`}
                error={errors.number}
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
              <FormField label="Expiry" error={errors.expiry}>
                <Input
                  autoComplete="cc-exp"
                  value={card.expiry}
                  readOnly={demo}
                  onChange={(e) => update({ card: { ...state.card, expiry: e.target.value } })}
                  placeholder="MM/YY"
                />
              </FormField>
              <FormField label="CVC" error={errors.cvc}>
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
              Save card for subscription billing (required for monthly renewal)
            </label>
          </fieldset>
        </>
      )}
      <StepFooter onBack={wizard.back} disabledBack={processing}>
        <Button onClick={demo ? payDemo : hosted ? goToCheckout : pay} disabled={processing}>
          {processing ? 'Processing...' : hosted ? 'Continue to Checkout' : 'Complete Payment'}
        </Button>
      </StepFooter>
    </div>
  );
}
