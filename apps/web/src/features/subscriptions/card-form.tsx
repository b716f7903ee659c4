import { type CardInput, luhnValid } from '@plumbline/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { parseExpiry } from '@/lib/card-expiry';
import { useT } from '@/lib/i18n';

/** A card typed into the in-app portal (the ledger's test cards); checked here, then by the server. */
export function CardForm({
  projectName,
  pending,
  onSubmit,
  onCancel,
}: {
  projectName: string;
  pending: boolean;
  onSubmit: (card: CardInput) => void;
  onCancel: () => void;
}) {
  const t = useT('subscriptions');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = number.replace(/\D/g, '');
    const parsed = parseExpiry(expiry);
    if (!luhnValid(digits)) return setProblem(t('subscriptions.cardForm.invalidNumber'));
    if (!parsed) return setProblem(t('subscriptions.cardForm.invalidExpiry'));
    if (!/^\d{3,4}$/.test(cvc.trim())) return setProblem(t('subscriptions.cardForm.invalidCvc'));
    setProblem(null);
    onSubmit({ number: digits, expMonth: parsed.month, expYear: parsed.year, cvc: cvc.trim() });
  };

  return (
    <form onSubmit={submit} className="grid gap-2 rounded-lg border border-border p-3">
      <p className="text-sm font-medium">{t('subscriptions.cardForm.legend', { project: projectName })}</p>
      <p className="text-xs text-muted-foreground">{t('subscriptions.cardForm.testCards')}</p>
      <div className="grid gap-2 sm:grid-cols-[1fr_7rem_5rem]">
        <Input
          aria-label={t('subscriptions.cardForm.number')}
          placeholder={t('subscriptions.cardForm.number')}
          inputMode="numeric"
          autoComplete="cc-number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <Input
          aria-label={t('subscriptions.cardForm.expiry')}
          placeholder={t('subscriptions.cardForm.expiry')}
          autoComplete="cc-exp"
          value={expiry}
          onChange={(e) => setExpiry(e.target.value)}
        />
        <Input
          aria-label={t('subscriptions.cardForm.cvc')}
          placeholder={t('subscriptions.cardForm.cvc')}
          inputMode="numeric"
          autoComplete="cc-csc"
          value={cvc}
          onChange={(e) => setCvc(e.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          {t('subscriptions.cardForm.cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {t('subscriptions.cardForm.save')}
        </Button>
      </div>
    </form>
  );
}
