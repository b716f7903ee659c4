import { RequireSession } from '@/features/auth/require-session';
import { DataSourceProvider } from '@/lib/data-source';
import { DashboardShell } from './shell/dashboard-shell';

/** /dashboard: the signed-in user's live data. */
export function DashboardPage() {
  return (
    <RequireSession>
      <DataSourceProvider mode="live">
        <DashboardShell />
      </DataSourceProvider>
    </RequireSession>
  );
}
