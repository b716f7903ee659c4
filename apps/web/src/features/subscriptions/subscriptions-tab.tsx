import type { Currency, Subscription } from '@plumbline/contracts';
import { BookOpen, Calculator, CreditCard, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useBillingConfig, useBillingHistory, useSubscriptions, useTiers } from '@/lib/billing';
import { useBillingSource } from '@/lib/billing-source';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';
import { BillingHistoryTable } from './billing-history-table';
import { BillingPortalDialog } from './billing-portal-dialog';
import { subscriptionProjectName } from './billing-rules';
import { LimitsDialog } from './limits-dialog';
import { PlansGrid } from './plans-grid';
import { RoiCalculator } from './roi-calculator';
import { SubscriptionCard } from './subscription-card';
import { CancelDialog, ChangePlanDialog } from './subscription-dialogs';

const CURRENCIES: Currency[] = ['AUD', 'USD', 'GBP', 'EUR'];

function Skeletons() {
  const t = useT('subscriptions');
  return (
    <div className="grid gap-4 md:grid-cols-3" role="status" aria-label={t('subscriptions.loading')}>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} className="h-40" />
      ))}
    </div>
  );
}

/** Subscriptions (spec 3 §2.7–2.9): one plan per project, plan changes, cancellation, billing history. */
export function SubscriptionsTab() {
  const t = useT('subscriptions');
  const { readOnly } = useDataSource();
  const billing = useBillingSource();
  const config = useBillingConfig();
  const live = !readOnly && config.data?.enabled === true;
  const [currency, setCurrency] = useState<Currency>('AUD');
  const subscriptions = useSubscriptions(live);
  const tiers = useTiers(currency, live);
  const history = useBillingHistory(live);
  const [showPlans, setShowPlans] = useState(false);
  const [showRoi, setShowRoi] = useState(false);
  const [cancelling, setCancelling] = useState<Subscription | null>(null);
  const [changing, setChanging] = useState<Subscription | null>(null);
  const [limitsOf, setLimitsOf] = useState<Subscription | null>(null);
  const [portalOpen, setPortalOpen] = useState(false);
  const [, setSearchParams] = useSearchParams();

  const addProject = (tierId?: string) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('createProject', 'true');
      next.set('step', 'connect_acc');
      if (tierId) next.set('plan', tierId);
      return next;
    });

  const manageBilling = async () => {
    // The built-in ledger has no hosted portal: its actions open here (decision 0311).
    if (config.data?.provider === 'ledger') {
      setPortalOpen(true);
      return;
    }
    try {
      const url = await billing.openPortal();
      window.location.assign(url);
    } catch {
      toast.error(t('subscriptions.tab.signInForBilling'));
    }
  };

  if (readOnly) {
    return (
      <div className="space-y-6">
        <PageHeader
          title={t('subscriptions.tab.title')}
          description={t('subscriptions.tab.demoDescription')}
        />
        <Card>
          <CardContent className="pt-6 text-sm text-muted-foreground">
            {t('subscriptions.tab.demoText')}
          </CardContent>
        </Card>
      </div>
    );
  }

  const list = subscriptions.data ?? [];
  const popular = tiers.data?.find((tier) => tier.popular) ?? tiers.data?.[0];
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
          <div>
            <h2 className="text-xl font-semibold">{t('subscriptions.tab.title')}</h2>
            <p className="text-sm text-muted-foreground">
              {t('subscriptions.tab.count', { count: list.length })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setShowRoi((v) => !v)} aria-pressed={showRoi}>
              <Calculator /> {t('subscriptions.tab.roi')}
            </Button>
            <Button variant="outline" asChild>
              <a href="/help/acc-integration" target="_blank" rel="noreferrer">
                <BookOpen /> {t('subscriptions.tab.guide')}
              </a>
            </Button>
            <Button onClick={manageBilling}>
              <CreditCard /> {t('subscriptions.tab.manageBilling')}
            </Button>
          </div>
        </CardContent>
      </Card>
      {showRoi && <RoiCalculator planPrice={popular?.price_monthly_aud ?? 149} />}

      {subscriptions.isPending ? (
        <Skeletons />
      ) : subscriptions.isError ? (
        <p className="text-sm text-destructive">{t('subscriptions.tab.signInForSubscriptions')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          {list.map((subscription) => (
            <SubscriptionCard
              key={subscription.id}
              subscription={subscription}
              onCancel={() => setCancelling(subscription)}
              onChangePlan={() => setChanging(subscription)}
              onShowLimits={() => setLimitsOf(subscription)}
              tierName={(id) => tiers.data?.find((tier) => tier.id === id)?.name ?? id}
            />
          ))}
          <Card className="border-dashed">
            <CardHeader>
              <CardTitle className="text-base">{t('subscriptions.tab.addTitle')}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2 text-sm">
              <p className="text-muted-foreground">{t('subscriptions.tab.addText')}</p>
              <Button variant="outline" onClick={() => setShowPlans((v) => !v)} aria-expanded={showPlans}>
                {t('subscriptions.tab.plansToggle', { shown: showPlans ? 'yes' : 'no' })}
              </Button>
              <Button onClick={() => addProject()}>
                <Plus /> {t('subscriptions.tab.newProject')}
              </Button>
            </CardContent>
          </Card>
        </div>
      )}

      {showPlans && (
        <section className="grid gap-3" aria-label={t('subscriptions.tab.availablePlans')}>
          <div className="flex items-center justify-between">
            <h3 className="font-semibold">{t('subscriptions.tab.availablePlans')}</h3>
            <select
              aria-label={t('subscriptions.tab.currency')}
              className="h-8 rounded-md border border-border bg-background px-2 text-sm"
              value={currency}
              onChange={(event) => setCurrency(event.target.value as Currency)}
            >
              {CURRENCIES.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </div>
          {tiers.isPending ? (
            <Skeletons />
          ) : (
            <PlansGrid
              tiers={tiers.data ?? []}
              currency={currency}
              onAddProject={(tier) => addProject(tier.id)}
              disabled={false}
            />
          )}
        </section>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t('subscriptions.tab.history')}</CardTitle>
        </CardHeader>
        <CardContent>
          {history.isPending ? <Skeletons /> : <BillingHistoryTable invoices={history.data ?? []} />}
        </CardContent>
      </Card>

      {cancelling && <CancelDialog subscription={cancelling} onOpenChange={() => setCancelling(null)} />}
      {changing && <ChangePlanDialog subscription={changing} onOpenChange={() => setChanging(null)} />}
      {portalOpen && (
        <BillingPortalDialog
          subscriptions={list}
          invoices={history.data ?? []}
          onClose={() => setPortalOpen(false)}
        />
      )}
      {limitsOf && (
        <LimitsDialog
          projectId={limitsOf.project_id}
          projectName={subscriptionProjectName(limitsOf)}
          onOpenChange={() => setLimitsOf(null)}
        />
      )}
    </div>
  );
}
