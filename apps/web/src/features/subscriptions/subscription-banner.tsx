import { Sparkles } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useBillingConfig, useSubscriptions } from '@/lib/billing';
import { useDataSource } from '@/lib/data-source';

/** Spec 3 §2.6: a user with no active subscription sees an offer of the demo or a plan. */
export function SubscriptionBanner() {
  const { treatAsSubscribed } = useDataSource();
  const config = useBillingConfig();
  const enabled = !treatAsSubscribed && config.data?.enabled === true;
  const subscriptions = useSubscriptions(enabled);
  const [, setSearchParams] = useSearchParams();
  if (!enabled || !subscriptions.data) return null;
  if (subscriptions.data.some((s) => s.status === 'active')) return null;
  return (
    <section className="border-b border-border bg-primary/5" aria-label="Choose a plan">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm sm:px-6">
        <span className="inline-flex items-center gap-2">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          You have no active subscription. Explore the demo, or choose a plan for a project.
        </span>
        <span className="flex gap-2">
          <Button variant="outline" size="sm" asChild>
            <Link to="/demo">Open the demo</Link>
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
            Choose a plan
          </Button>
        </span>
      </div>
    </section>
  );
}
