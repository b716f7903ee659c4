import type { Locale } from '@plumbline/i18n/locales';
import type { DashboardShellOptions } from '@/lib/dashboard-tabs';
import { dashboardHostOptions, opensOnOverview } from '@/lib/opening-heading';
import { namespaces } from '@/messages';

/** The catalogues a dashboard host (/dashboard, /demo) waits for before its first render (router.tsx). */
export function dashboardNamespaces(options: DashboardShellOptions, search: string) {
  return [
    'permissions',
    'common',
    ...(opensOnOverview(options, search) ? (['overview'] as const) : []),
  ] as const;
}

/**
 * Asks for a dashboard host's catalogues as its page code starts (main.tsx), beside that code,
 * instead of once the app has run and the router has asked for them: one request after another on a
 * phone, the dashboard's largest text waiting on both (issue 37). The router's later `loadNamespaces`
 * calls the same loaders and takes the same modules.
 */
export function startFirstViewCatalogues(pathname: string, search: string, locale: Locale): void {
  const options = dashboardHostOptions(pathname);
  if (!options) return;
  for (const namespace of dashboardNamespaces(options, search))
    void namespaces[namespace](locale).catch(() => {});
}
