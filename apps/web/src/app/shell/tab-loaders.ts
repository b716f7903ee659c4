import type { ComponentType } from 'react';
import { getBrowserCookie } from '@/lib/cookies';
import {
  chooseActiveTab,
  DASHBOARD_TAB_COOKIE,
  DASHBOARD_TAB_QUERY_PARAM,
  type DashboardShellOptions,
  type DashboardTabId,
  visibleDashboardTabs,
} from '@/lib/dashboard-tabs';

/**
 * Each dashboard area's code, loaded on demand: every area is its own chunk, so a first view
 * downloads and runs the active tab's code only, not all nine (issue 21, decision 0176).
 */
export const TAB_LOADERS: Record<DashboardTabId, () => Promise<ComponentType>> = {
  overview: async () => (await import('@/features/overview/overview-tab')).OverviewTab,
  dashboard: async () => (await import('@/features/inspector/inspector-tab')).InspectorTab,
  metadata: async () => (await import('@/app/screens/metadata-tab')).MetadataTab,
  projects: async () => (await import('@/app/screens/projects-screen')).ProjectsScreen,
  reports: async () => (await import('@/features/reports/reports-tab')).ReportsTab,
  schema: async () => (await import('@/features/schema/schema-tab')).SchemaTab,
  team: async () => (await import('@/app/screens/team-screen')).TeamScreen,
  subscriptions: async () => (await import('@/features/subscriptions/subscriptions-tab')).SubscriptionsTab,
  settings: async () => (await import('@/app/screens/settings-screen')).SettingsScreen,
};

/**
 * Starts loading the tab the dashboard will open on (the same choice as `useActiveTab`: `?tab=`, the
 * remembered cookie, Overview) while the dashboard's own chunk loads, instead of after it has rendered.
 * The browser keeps one copy of each module, so the tab's later import finds it loaded.
 */
export function preloadFirstTab(options: DashboardShellOptions): void {
  const tab = chooseActiveTab({
    queryTab: new URLSearchParams(window.location.search).get(DASHBOARD_TAB_QUERY_PARAM),
    cookieTab: getBrowserCookie(DASHBOARD_TAB_COOKIE),
    visible: visibleDashboardTabs(options),
  });
  // A failed preload costs nothing: the tab's own load reports the error when it renders.
  TAB_LOADERS[tab]().catch(() => {});
}
