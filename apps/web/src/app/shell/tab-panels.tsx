import {
  CreditCard,
  Database,
  FileText,
  FolderKanban,
  LayoutDashboard,
  ListChecks,
  type LucideIcon,
  ScanSearch,
  Settings,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { MetadataTab } from '@/app/screens/metadata-tab';
import { ProjectsScreen } from '@/app/screens/projects-screen';
import { InspectorTab } from '@/features/inspector/inspector-tab';
import { OverviewTab } from '@/features/overview/overview-tab';
import { ReportsTab } from '@/features/reports/reports-tab';
import { SchemaTab } from '@/features/schema/schema-tab';
import { SettingsTab } from '@/features/settings/settings-tab';
import { SubscriptionsTab } from '@/features/subscriptions/subscriptions-tab';
import { TeamTab } from '@/features/team/team-tab';
import type { DashboardTabId } from '@/lib/dashboard-tabs';

/** Which area each dashboard tab shows. Adding an area = replacing its component here. */
export const TAB_PANELS: Record<DashboardTabId, { icon: LucideIcon; Panel: ComponentType }> = {
  overview: { icon: LayoutDashboard, Panel: OverviewTab },
  dashboard: { icon: ScanSearch, Panel: InspectorTab },
  metadata: { icon: Database, Panel: MetadataTab },
  projects: { icon: FolderKanban, Panel: ProjectsScreen },
  reports: { icon: FileText, Panel: ReportsTab },
  schema: { icon: ListChecks, Panel: SchemaTab },
  team: { icon: Users, Panel: TeamTab },
  subscriptions: { icon: CreditCard, Panel: SubscriptionsTab },
  settings: { icon: Settings, Panel: SettingsTab },
};
