import { DemoBanner } from '@/features/demo/demo-banner';
import type { DashboardShellOptions } from '@/lib/dashboard-tabs';
import { DataSourceProvider } from '@/lib/data-source';
import { DashboardShell } from './shell/dashboard-shell';

/** The demo has no account, so there is no profile to show or sign out of. */
export const DEMO_SHELL_OPTIONS: DashboardShellOptions = { hideSettings: true };

/** /demo: the dashboard on the demo data source, no account needed, read-only (spec 1 §1, spec 3 §1). */
export function DemoPage() {
  return (
    <DataSourceProvider mode="demo">
      <DashboardShell options={DEMO_SHELL_OPTIONS} banner={<DemoBanner />} />
    </DataSourceProvider>
  );
}
