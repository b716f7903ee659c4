import { projectPermissions, type Subscription } from '@plumbline/contracts';
import { FileText, Users } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPrice, useSubscriptionAction } from '@/lib/billing';
import { formatDate } from '@/lib/format';
import { t, useT } from '@/lib/i18n';
import { subscriptionProjectName } from './billing-rules';

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
    <Card data-testid="subscription-card" aria-label={tt('subscriptions.card.label', { name })}>
      <CardHeader className="pb-2">
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-base">{name}</CardTitle>
          <div className="flex gap-1">
            {cancelling && !ended && <Badge variant="warning">{tt('subscriptions.card.cancelling')}</Badge>}
            <Badge variant={subscription.status === 'active' ? 'success' : 'destructive'}>
              {tt('subscriptions.card.status', { status: subscription.status })}
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
            <span className="ml-1 font-medium text-destructive">
              {tt('subscriptions.card.payment', { status: subscription.payment_status })}
            </span>
          )}
        </p>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <div className="flex gap-4 text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <FileText className="size-4" aria-hidden="true" />{' '}
            {tt('subscriptions.card.files', { count: subscription.project.files_count })}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="size-4" aria-hidden="true" />{' '}
            {tt('subscriptions.card.members', { count: subscription.project.team_members_count })}
          </span>
        </div>
        <p>
          {tt('subscriptions.card.periodEnd', {
            state: ended ? 'ended' : cancelling ? 'expires' : 'renews',
            date: formatDate(subscription.current_period_end),
          })}
        </p>
        {subscription.scheduled_tier_id && !ended && (
          <p className="text-muted-foreground">
            {tt('subscriptions.card.scheduled', { plan: tierName(subscription.scheduled_tier_id) })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onShowLimits}>
            {tt('subscriptions.card.limits')}
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
                {tt('subscriptions.card.changePlan')}
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
                        onSuccess: () => toast.success(tt('subscriptions.card.reactivated')),
                        onError: () => toast.error(tt('subscriptions.changeFailed')),
                      },
                    )
                  }
                >
                  {tt('subscriptions.card.reactivate')}
                </Button>
              ) : (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={onCancel}
                  disabled={manageBlocked !== undefined}
                  title={manageBlocked}
                >
                  {tt('subscriptions.card.cancel')}
                </Button>
              )}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
