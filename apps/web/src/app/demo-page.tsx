import { DemoBanner } from '@/features/demo/demo-banner';
import { DEMO_SHELL_OPTIONS } from '@/lib/dashboard-tabs';
import { DataSourceProvider } from '@/lib/data-source';
import { DashboardShell } from './shell/dashboard-shell';

/** /demo: the dashboard on the demo data source, no account needed, read-only (spec 1 §1, spec 3 §1). */
export function DemoPage() {
  return (
    <DataSourceProvider mode="demo">
      <DashboardShell options={DEMO_SHELL_OPTIONS} banner={<DemoBanner />} />
    </DataSourceProvider>
  );
}
