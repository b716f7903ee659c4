import { projectPermissions, type Subscription } from '@plumbline/contracts';
import { FileText, Users } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatBillingDate, formatPrice, useSubscriptionAction } from '@/lib/billing';
import { t, useT } from '@/lib/i18n';
import { subscriptionProjectName } from './billing-rules';

const STATUS_LABEL: Record<Subscription['status'], string> = {
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Ended',
};

/** One project's subscription (spec 3 §2.8). */
export function SubscriptionCard({
  subscription,
  onCancel,
  onChangePlan,
  onShowLimits,
  tierName,
}: {
  subscription: Subscription;
  /** Plan names by id, for the scheduled downgrade. */
  tierName: (tierId: string) => string;
  onCancel: () => void;
  onChangePlan: () => void;
  onShowLimits: () => void;
}) {
  const tt = useT('subscriptions');
  const reactivate = useSubscriptionAction();
  const name = subscriptionProjectName(subscription);
  const cancelling = subscription.cancel_at_period_end;
  const ended = subscription.status === 'canceled';
  // Members who may not change the plan see its controls disabled with the reason (decision 0177).
  const manageBlocked = subscription.can_manage ? undefined : t(projectPermissions['billing.manage'].reason);
  return (
    <Card data-testid="subscription-card" aria-label={`Subscription of ${name}`}>
      <CardHeader className="pb-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-base">{name}</CardTitle>
          <div className="flex gap-1">
            {cancelling && !ended && <Badge variant="warning">Cancelling</Badge>}
            <Badge variant={subscription.status === 'active' ? 'success' : 'destructive'}>
              {STATUS_LABEL[subscription.status]}
            </Badge>
          </div>
        </div>
        <p className="text-sm text-muted-foreground">
          {subscription.tier.name} ·{' '}
          <span data-testid="billed-price">
            {tt('subscriptions.price.perMonth', {
              price: formatPrice(subscription.monthly_billed, subscription.currency),
            })}
          </span>
          {/* What is billed comes first; the list price is struck beside it when a voucher lowers it. */}
          {subscription.monthly_billed !== subscription.tier.price && (
            <>
              {' '}
              <s className="text-xs">
                {tt('subscriptions.price.listPrice', {
                  price: formatPrice(subscription.tier.price, subscription.currency),
                })}
              </s>
              {subscription.voucher_code && (
                <span className="ml-1 text-xs">
                  {tt('subscriptions.price.voucher', { code: subscription.voucher_code })}
                </span>
              )}
            </>
          )}
          {subscription.payment_status !== 'paid' && (
            <span className="ml-1 font-medium text-destructive">· Payment {subscription.payment_status}</span>
          )}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex gap-4 text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <FileText className="size-4" aria-hidden="true" /> {subscription.project.files_count} files
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden="true" /> {subscription.project.team_members_count} members
          </span>
        </div>
        <p>
          {ended
            ? `Ended on ${formatBillingDate(subscription.current_period_end)}`
            : cancelling
              ? `Expires on ${formatBillingDate(subscription.current_period_end)}`
              : `Renews on ${formatBillingDate(subscription.current_period_end)}`}
        </p>
        {subscription.scheduled_tier_id && !ended && (
          <p className="text-muted-foreground">
            Moves to {tierName(subscription.scheduled_tier_id)} at the next billing cycle.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onShowLimits}>
            Limits
          </Button>
          {!ended && (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={onChangePlan}
                disabled={cancelling || manageBlocked !== undefined}
                title={manageBlocked}
              >
                Change Plan
              </Button>
              {cancelling ? (
                <Button
                  size="sm"
                  disabled={reactivate.isPending || manageBlocked !== undefined}
                  title={manageBlocked}
                  onClick={() =>
                    reactivate.mutate(
                      { action: 'reactivate', subscriptionId: subscription.id },
                      {
                        onSuccess: () => toast.success('Subscription reactivated'),
                        onError: () =>
                          toast.error('Failed to process subscription change. Please try again.'),
                      },
                    )
                  }
                >
                  Reactivate
                </Button>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={onCancel}
                  disabled={manageBlocked !== undefined}
                  title={manageBlocked}
                >
                  Cancel
                </Button>
              )}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
