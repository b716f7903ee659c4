/** The dashboard's nine tabs and the rules for choosing the active one (spec 3 §2.6, spec 2 §9). */

/** The tabs in order; each one's name is the message `common.tab.<id>` (messages/common). */
export const DASHBOARD_TABS = [
  'overview',
  'dashboard',
  'metadata',
  'projects',
  'reports',
  'schema',
  'team',
  'subscriptions',
  'settings',
] as const;

export type DashboardTabId = (typeof DASHBOARD_TABS)[number];

export const DEFAULT_DASHBOARD_TAB: DashboardTabId = 'overview';
export const DASHBOARD_TAB_QUERY_PARAM = 'tab';
export const DASHBOARD_TAB_COOKIE = 'dashboard_active_tab';
/** 30 days (spec 3 §9). */
export const DASHBOARD_TAB_COOKIE_MAX_AGE = 2_592_000;
/** `window.dispatchEvent(new CustomEvent('dashboard:tab', { detail: 'projects' }))` switches tabs from anywhere. */
export const DASHBOARD_TAB_EVENT = 'dashboard:tab';

/** Which optional tabs a dashboard host hides (spec 3 §2.6: team, subscriptions and settings can be hidden). */
export interface DashboardShellOptions {
  hideTeam?: boolean;
  hideSubscriptions?: boolean;
  hideSettings?: boolean;
}

/**
 * The Overview's heading (spec 1 §2.2), as message ids of the `app` catalogue (loaded before the first
 * render). The loading page of a dashboard that opens on the Overview shows it too, from the static
 * HTML on (lib/opening-heading.ts; public/shell-language.js words it in the page's language), so the page's largest text is painted
 * with the first paint instead of after the code and the data (issue 21: LCP on a phone).
 */
export const OVERVIEW_HEADING = {
  title: 'app.overview.title',
  description: 'app.overview.description',
} as const;

/** /demo has no account, so there is no profile to show or sign out of. */
export const DEMO_SHELL_OPTIONS: DashboardShellOptions = { hideSettings: true };

const TAB_IDS: ReadonlySet<string> = new Set(DASHBOARD_TABS);

export function isDashboardTab(value: unknown): value is DashboardTabId {
  return typeof value === 'string' && TAB_IDS.has(value);
}

export function visibleDashboardTabs(options: DashboardShellOptions = {}): DashboardTabId[] {
  return DASHBOARD_TABS.filter((id) => {
    if (id === 'team') return !options.hideTeam;
    if (id === 'subscriptions') return !options.hideSubscriptions;
    if (id === 'settings') return !options.hideSettings;
    return true;
  });
}

/** The id of a tab's name in the `common` catalogue. */
export function dashboardTabLabel(id: DashboardTabId) {
  return `common.tab.${id}` as const;
}

/**
 * The query parameter wins when it names a visible tab, then the remembered cookie, then Overview.
 * (Window events change the query parameter, so they take effect through it.)
 */
export function chooseActiveTab(input: {
  queryTab: string | null | undefined;
  cookieTab: string | null | undefined;
  visible: readonly DashboardTabId[];
}): DashboardTabId {
  const usable = (value: string | null | undefined): value is DashboardTabId =>
    isDashboardTab(value) && input.visible.includes(value);
  if (usable(input.queryTab)) return input.queryTab;
  if (usable(input.cookieTab)) return input.cookieTab;
  return input.visible[0] ?? DEFAULT_DASHBOARD_TAB;
}

/** Accepts the event detail as a tab name or as `{ tab }`; anything else is ignored. */
export function tabFromEventDetail(detail: unknown): DashboardTabId | undefined {
  if (isDashboardTab(detail)) return detail;
  if (detail && typeof detail === 'object' && 'tab' in detail) {
    const tab = (detail as { tab: unknown }).tab;
    if (isDashboardTab(tab)) return tab;
  }
  return undefined;
}

/** Switch the dashboard tab from code outside the shell (e.g. an Overview call to action). */
export function requestDashboardTab(tab: DashboardTabId): void {
  window.dispatchEvent(new CustomEvent(DASHBOARD_TAB_EVENT, { detail: tab }));
}
