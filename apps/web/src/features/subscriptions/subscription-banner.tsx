import { Sparkles } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useBillingConfig, useSubscriptions } from '@/lib/billing';
import { useDataSource } from '@/lib/data-source';
import { useT } from '@/lib/i18n';

/** Spec 3 §2.6: a user with no active subscription sees an offer of the demo or a plan. */
export function SubscriptionBanner() {
  const { treatAsSubscribed } = useDataSource();
  const config = useBillingConfig();
  const enabled = !treatAsSubscribed && config.data?.enabled === true;
  const subscriptions = useSubscriptions(enabled);
  const [, setSearchParams] = useSearchParams();
  // The dashboard's frame: its words are in `common`, loaded before the dashboard (no wait, no shift).
  const t = useT('common');
  if (!enabled || !subscriptions.data) return null;
  if (subscriptions.data.some((s) => s.status === 'active')) return null;
  return (
    <section className="border-b border-border bg-primary/5" aria-label={t('common.planBanner.label')}>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6">
        <span className="inline-flex items-center gap-2">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          {t('common.planBanner.text')}
        </span>
        <span className="flex gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to="/demo">{t('common.planBanner.demo')}</Link>
          </Button>
          <Button
            size="sm"
            onClick={() =>
              setSearchParams((previous) => {
                const next = new URLSearchParams(previous);
                next.set('tab', 'subscriptions');
                return next;
              })
            }
          >
            {t('common.planBanner.choose')}
          </Button>
        </span>
      </div>
    </section>
  );
}
