import type { PageLoadingHeading } from '@/components/ui/page-loading';
import { getBrowserCookie } from '@/lib/cookies';
import {
  chooseActiveTab,
  DASHBOARD_TAB_COOKIE,
  DASHBOARD_TAB_QUERY_PARAM,
  type DashboardShellOptions,
  DEMO_SHELL_OPTIONS,
  OVERVIEW_HEADING,
  visibleDashboardTabs,
} from '@/lib/dashboard-tabs';

/** Whether a dashboard host opens on the Overview: the same choice as `useActiveTab` (`?tab=`, the cookie, Overview). */
export function opensOnOverview(options: DashboardShellOptions, search: string): boolean {
  const tab = chooseActiveTab({
    queryTab: new URLSearchParams(search).get(DASHBOARD_TAB_QUERY_PARAM),
    cookieTab: getBrowserCookie(DASHBOARD_TAB_COOKIE),
    visible: visibleDashboardTabs(options),
  });
  return tab === 'overview';
}

/** The dashboard host a path is under (/dashboard or /demo) with its tab options, or undefined. */
export function dashboardHostOptions(pathname: string): DashboardShellOptions | undefined {
  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) return {};
  if (pathname === '/demo' || pathname.startsWith('/demo/')) return DEMO_SHELL_OPTIONS;
  return undefined;
}

/**
 * The heading the loading page shows at `pathname` and `search`: the Overview's on a dashboard that
 * opens on it, else none. dashboard.html and demo.html carry it in their static shell (build/route-html.ts);
 * main.tsx takes it out when the page opens elsewhere, and React's loading pages ask here, so the
 * loading page looks the same from the static HTML to the page (issue 21).
 */
export function openingHeading(pathname: string, search: string): PageLoadingHeading | undefined {
  const options = dashboardHostOptions(pathname);
  return options && opensOnOverview(options, search) ? OVERVIEW_HEADING : undefined;
}
