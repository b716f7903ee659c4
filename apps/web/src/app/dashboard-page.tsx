import { RequireSession } from '@/features/auth/require-session';
import { SubscriptionBanner } from '@/features/subscriptions/subscription-banner';
import { PendingInvitations } from '@/features/team/pending-invitations';
import { useBillingConfig } from '@/lib/billing';
import { DataSourceProvider } from '@/lib/data-source';
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
  const config = useBillingConfig();
  const hideSubscriptions = config.data?.enabled === false;
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
