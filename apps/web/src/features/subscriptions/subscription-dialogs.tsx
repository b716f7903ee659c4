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
import { errorCodeOf, errorMessage, isApiRequestError } from '@/lib/api';
import {
  formatBillingDate,
  formatPrice,
  useBillingConfig,
  usePlanChanges,
  useSubscriptionAction,
} from '@/lib/billing';
import { cn } from '@/lib/cn';
import { useT } from '@/lib/i18n';
import { subscriptionProjectName } from './billing-rules';

/** Spec 3 §8 messages for a refused plan change, by the server's error code. */
function planChangeError(error: unknown, plan: string): string {
  switch (errorCodeOf(error)) {
    case 'tier_not_found':
      return 'Plan selection error: The selected plan could not be found. Please try again.';
    case 'tier_not_configured':
      return `Plan configuration error: The ${plan} plan is not properly configured for payments. Please try a different plan or contact support.`;
    case 'confirmation_required':
      return isApiRequestError(error) ? error.message : '';
    case 'plan_estimate_expired':
      return errorMessage(error);
  }
  return 'Failed to process subscription change. Please try again.';
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
      toast.error(
        `Plan configuration error: The ${selected.name} plan is not properly configured for payments. Please try a different plan or contact support.`,
      );
      return;
    }
    if (which === 'upgrade' && typed !== projectName) {
      toast.error('Confirmation Required', {
        description: `Please type the exact project name "${projectName}" to confirm the upgrade.`,
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
          toast.success(
            which === 'upgrade' ? `Upgraded to ${selected.name}` : `Downgrade to ${selected.name} scheduled`,
            {
              description:
                which === 'upgrade'
                  ? 'The prorated charge is in your billing history.'
                  : `It takes effect on ${formatBillingDate(subscription.current_period_end)}.`,
            },
          );
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
          <DialogTitle>Change plan</DialogTitle>
          <DialogDescription>
            {projectName} is on {current.name}. Upgrades apply now with a prorated charge; downgrades apply at
            the next billing cycle.
          </DialogDescription>
        </DialogHeader>
        {!confirming ? (
          <div className="grid gap-2" role="radiogroup" aria-label="Plans">
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
                  {tier.name} {change === 'current' && <Badge variant="secondary">Current</Badge>}
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
              Type <strong>{projectName}</strong> to confirm the upgrade to {selected?.name}.
            </p>
            <Input
              aria-label="Project name"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoFocus
            />
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={close} disabled={action.isPending}>
            Cancel
          </Button>
          {kind === 'upgrade' && !confirming && (
            <Button onClick={() => setConfirming(true)}>Upgrade Now</Button>
          )}
          {kind === 'upgrade' && confirming && (
            <Button onClick={() => submit('upgrade')} disabled={action.isPending}>
              Confirm Upgrade
            </Button>
          )}
          {kind === 'downgrade' && (
            <Button onClick={() => submit('downgrade')} disabled={action.isPending}>
              Schedule Downgrade
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
          <DialogTitle>Cancel subscription</DialogTitle>
          <DialogDescription>
            {projectName} keeps its {subscription.tier.name} plan until{' '}
            {formatBillingDate(subscription.current_period_end)}; it is not renewed after that. Type the
            project name to confirm.
          </DialogDescription>
        </DialogHeader>
        <Input
          aria-label="Project name"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={projectName}
        />
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Keep Subscription
          </Button>
          <Button
            variant="destructive"
            disabled={typed !== projectName || action.isPending}
            onClick={() =>
              action.mutate(
                { action: 'cancel', subscriptionId: subscription.id },
                {
                  onSuccess: () => {
                    toast.success('Subscription cancelled', {
                      description: `It ends on ${formatBillingDate(subscription.current_period_end)}.`,
                    });
                    close();
                  },
                  onError: () => toast.error('Failed to process subscription change. Please try again.'),
                },
              )
            }
          >
            Cancel Subscription
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
