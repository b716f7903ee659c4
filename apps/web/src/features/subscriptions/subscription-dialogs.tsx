import type { PlanChangeOption, Subscription } from '@plumbline/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorCodeOf, errorMessage } from '@/lib/api';
import { formatPrice, useBillingConfig, usePlanChanges, useSubscriptionAction } from '@/lib/billing';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { rich, t as translate, useT } from '@/lib/i18n';
import { subscriptionProjectName } from './billing-rules';

/** Spec 3 §8 messages for a refused plan change, by the server's error code. */
function planChangeError(error: unknown, plan: string): string {
  switch (errorCodeOf(error)) {
    case 'tier_not_found':
      return translate('subscriptions.changePlan.tierNotFound');
    case 'tier_not_configured':
      return translate('subscriptions.changePlan.tierNotConfigured', { plan });
    case 'confirmation_required':
    case 'plan_estimate_expired':
      // The server's own message, rendered from its id in the page's language.
      return errorMessage(error);
  }
  return translate('subscriptions.changeFailed');
}

/**
 * Change plan (spec 3 §2.9, §4): upgrade now with a typed confirmation, or schedule a downgrade. The
 * plans, their prices (the project's currency, its voucher) and an upgrade's charge come from the
 * server's one pricing definition, the same one the upgrade then charges by (decision 0310).
 */
export function ChangePlanDialog({
  subscription,
  onOpenChange,
}: {
  subscription: Subscription;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('subscriptions');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');
  const action = useSubscriptionAction();
  const plans = usePlanChanges(subscription.id);
  // Stripe's charge is its own invoice preview, not the ledger's formula: say so instead of the formula.
  const byStripe = useBillingConfig().data?.provider === 'stripe';
  const current = subscription.tier;
  const projectName = subscriptionProjectName(subscription);
  const options: PlanChangeOption[] = plans.data?.options ?? [];
  const currency = plans.data?.currency ?? subscription.currency;
  const chosen = options.find((o) => o.tier.id === selectedId) ?? null;
  const selected = chosen?.tier ?? null;
  const kind = chosen?.change === 'upgrade' || chosen?.change === 'downgrade' ? chosen.change : 'same';
  const currentBilled =
    options.find((o) => o.change === 'current')?.monthly_billed ?? subscription.monthly_billed;
  const close = () => {
    setSelectedId(null);
    setConfirming(false);
    setTyped('');
    onOpenChange(false);
  };

  const submit = (which: 'upgrade' | 'downgrade') => {
    if (!selected) return;
    if (!selected.stripePriceId) {
      toast.error(t('subscriptions.changePlan.tierNotConfigured', { plan: selected.name }));
      return;
    }
    if (which === 'upgrade' && typed !== projectName) {
      toast.error(t('subscriptions.changePlan.confirmationRequired'), {
        description: t('subscriptions.changePlan.typeExactName', { project: projectName }),
      });
      return;
    }
    action.mutate(
      {
        action: which,
        subscriptionId: subscription.id,
        newTierId: selected.id,
        confirmProjectName: projectName,
        // Charged as of the instant the shown price was computed (decision 0427).
        pricedAsOf: which === 'upgrade' ? plans.data?.priced_as_of : undefined,
      },
      {
        onSuccess: () => {
          toast.success(t('subscriptions.changePlan.done', { change: which, plan: selected.name }), {
            description:
              which === 'upgrade'
                ? t('subscriptions.changePlan.upgradedNote')
                : t('subscriptions.changePlan.downgradeNote', {
                    date: formatDate(subscription.current_period_end),
                  }),
          });
          close();
        },
        onError: (error) => {
          // A price older than its validity: back to the plans, priced again (the settled mutation
          // refreshes them), before anyone confirms again.
          if (errorCodeOf(error) === 'plan_estimate_expired') setConfirming(false);
          toast.error(planChangeError(error, selected.name));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-xl" onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{t('subscriptions.changePlan.title')}</DialogTitle>
          <DialogDescription>
            {t('subscriptions.changePlan.description', { project: projectName, plan: current.name })}
          </DialogDescription>
        </DialogHeader>
        {!confirming ? (
          <div className="grid gap-2" role="radiogroup" aria-label={t('subscriptions.changePlan.plans')}>
            {plans.isPending && (
              <p className="text-sm text-muted-foreground" role="status">
                {t('subscriptions.changePlan.loading')}
              </p>
            )}
            {options.map(({ tier, change, monthly_billed, monthly_list }) => (
              // biome-ignore lint/a11y/useSemanticElements: a plan card that acts as one radio of three
              <button
                key={tier.id}
                type="button"
                role="radio"
                aria-checked={selectedId === tier.id}
                disabled={change === 'current'}
                onClick={() => setSelectedId(tier.id)}
                className={cn(
                  'flex items-center justify-between rounded-lg border p-3 text-left text-sm disabled:opacity-60',
                  selectedId === tier.id ? 'border-primary bg-primary/5' : 'border-border hover:bg-accent',
                )}
              >
                <span className="font-medium">
                  {tier.name}{' '}
                  {change === 'current' && (
                    <Badge variant="secondary">{t('subscriptions.changePlan.current')}</Badge>
                  )}
                </span>
                <span className="text-right">
                  {t('subscriptions.price.perMonth', { price: formatPrice(monthly_billed, currency) })}
                  {monthly_list !== monthly_billed && (
                    <s className="ml-2 text-xs text-muted-foreground">
                      {t('subscriptions.price.listPrice', { price: formatPrice(monthly_list, currency) })}
                    </s>
                  )}
                </span>
              </button>
            ))}
            {kind === 'upgrade' && chosen && (
              <p className="text-sm text-muted-foreground" data-testid="upgrade-charge">
                {chosen.charge_now === null
                  ? t('subscriptions.changePlan.chargeByProvider')
                  : byStripe
                    ? t('subscriptions.changePlan.chargeTodayStripe', {
                        amount: formatPrice(chosen.charge_now, currency),
                      })
                    : t('subscriptions.changePlan.chargeToday', {
                        amount: formatPrice(chosen.charge_now, currency),
                        difference: formatPrice(
                          Math.round((chosen.monthly_billed - currentBilled) * 100) / 100,
                          currency,
                        ),
                        days: plans.data?.days_remaining ?? 0,
                      })}
              </p>
            )}
          </div>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm">
              {rich(t, 'subscriptions.changePlan.typeToConfirm', {
                project: projectName,
                plan: selected?.name ?? '',
                strong: (chunks) => <strong>{chunks}</strong>,
              })}
            </p>
            <Input
              aria-label={t('subscriptions.projectName')}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoFocus
            />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={action.isPending}>
            {t('subscriptions.changePlan.cancel')}
          </Button>
          {kind === 'upgrade' && !confirming && (
            <Button onClick={() => setConfirming(true)}>{t('subscriptions.changePlan.upgradeNow')}</Button>
          )}
          {kind === 'upgrade' && confirming && (
            <Button onClick={() => submit('upgrade')} disabled={action.isPending}>
              {t('subscriptions.changePlan.confirmUpgrade')}
            </Button>
          )}
          {kind === 'downgrade' && (
            <Button onClick={() => submit('downgrade')} disabled={action.isPending}>
              {t('subscriptions.changePlan.scheduleDowngrade')}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Cancel (spec 3 §4 Cancel flow): the typed project name enables 'Cancel Subscription'. */
export function CancelDialog({
  subscription,
  onOpenChange,
}: {
  subscription: Subscription | null;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT('subscriptions');
  const [typed, setTyped] = useState('');
  const action = useSubscriptionAction();
  if (!subscription) return null;
  const projectName = subscriptionProjectName(subscription);
  const close = () => {
    setTyped('');
    onOpenChange(false);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('subscriptions.cancel.title')}</DialogTitle>
          <DialogDescription>
            {t('subscriptions.cancel.description', {
              project: projectName,
              plan: subscription.tier.name,
              date: formatDate(subscription.current_period_end),
            })}
          </DialogDescription>
        </DialogHeader>
        <Input
          aria-label={t('subscriptions.projectName')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={projectName}
        />
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t('subscriptions.cancel.keep')}
          </Button>
          <Button
            variant="destructive"
            disabled={typed !== projectName || action.isPending}
            onClick={() =>
              action.mutate(
                { action: 'cancel', subscriptionId: subscription.id },
                {
                  onSuccess: () => {
                    toast.success(t('subscriptions.cancel.done'), {
                      description: t('subscriptions.cancel.endsOn', {
                        date: formatDate(subscription.current_period_end),
                      }),
                    });
                    close();
                  },
                  onError: () => toast.error(t('subscriptions.changeFailed')),
                },
              )
            }
          >
            {t('subscriptions.cancel.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
