import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { RequireSession } from '@/features/auth/require-session';
import { SubscriptionBanner } from '@/features/subscriptions/subscription-banner';
import { useMyInvitations } from '@/features/team/my-invitations';
import { PendingInvitations } from '@/features/team/pending-invitations';
import { useBillingConfig, useSubscriptions } from '@/lib/billing';
import { DataSourceProvider } from '@/lib/data-source';
import { openingHeading } from '@/lib/opening-heading';
import { useBackgroundSettle } from '@/lib/use-background-settle';
import { DashboardShell } from './shell/dashboard-shell';

/** /dashboard: the signed-in user's live data. */
export function DashboardPage() {
  return (
    <RequireSession>
      <DataSourceProvider mode="live">
        <LiveDashboard />
      </DataSourceProvider>
    </RequireSession>
  );
}

/** An installation that sells no plans (BILLING=off) hides the Subscriptions tab and the plan banner. */
function LiveDashboard() {
  const location = useLocation();
  const config = useBillingConfig();
  const hideSubscriptions = config.data?.enabled === false;
  const billing = config.data?.enabled === true;
  const subscriptions = useSubscriptions(billing);
  const invitations = useMyInvitations();
  // The banners above the tabs (invitations, the plan offer) are known before the page is drawn, so
  // they never push the page down after it has been painted (a layout shift; issue 21, Lighthouse CLS).
  // A failed query counts as known: its banner simply stays away.
  // Known once is enough: a failed query asked again (a tab mounting, a retry) is pending once more, and
  // going back to the loading page would unmount that tab, settle, mount it, ask again… for ever.
  const [bannersKnown, setBannersKnown] = useState(false);
  const knownNow = !config.isPending && (!billing || !subscriptions.isPending) && !invitations.isPending;
  if (knownNow && !bannersKnown) setBannersKnown(true);
  // The shell is drawn in a background render, sliced into short tasks, not in the synchronous render
  // of the last answer (lib/use-background-settle.ts).
  const waiting = useBackgroundSettle(!bannersKnown && !knownNow);
  if (waiting) return <PageLoading heading={openingHeading(location.pathname, location.search)} />;
  return (
    <DashboardShell
      options={{ hideSubscriptions }}
      banner={
        <>
          <PendingInvitations />
          <SubscriptionBanner />
        </>
      }
    />
  );
}
