import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { getBrowserCookie, setBrowserCookie } from '@/lib/cookies';
import {
  chooseActiveTab,
  DASHBOARD_TAB_COOKIE,
  DASHBOARD_TAB_COOKIE_MAX_AGE,
  DASHBOARD_TAB_EVENT,
  DASHBOARD_TAB_QUERY_PARAM,
  type DashboardShellOptions,
  type DashboardTabId,
  tabFromEventDetail,
  visibleDashboardTabs,
} from '@/lib/dashboard-tabs';

/**
 * The active dashboard tab: from `?tab=`, else the `dashboard_active_tab` cookie, else Overview.
 * Selecting a tab (by click or by the `dashboard:tab` window event) writes both the URL and the cookie.
 */
export function useActiveTab(options: DashboardShellOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { hideTeam, hideSubscriptions, hideSettings } = options;
  const visible = useMemo(
    () => visibleDashboardTabs({ hideTeam, hideSubscriptions, hideSettings }),
    [hideTeam, hideSubscriptions, hideSettings],
  );
  const queryTab = searchParams.get(DASHBOARD_TAB_QUERY_PARAM);
  const active = chooseActiveTab({ queryTab, cookieTab: getBrowserCookie(DASHBOARD_TAB_COOKIE), visible });

  // Remember a tab that arrived through a link's ?tab=. A fallback choice (e.g. the demo ignoring a
  // remembered tab it hides) is not written, so it never overwrites the person's own choice.
  const fromQuery = queryTab === active;
  useEffect(() => {
    if (fromQuery) rememberTab(active);
  }, [active, fromQuery]);

  const selectTab = useCallback(
    (tab: DashboardTabId) => {
      if (!visible.includes(tab)) return;
      rememberTab(tab);
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set(DASHBOARD_TAB_QUERY_PARAM, tab);
        return next;
      });
    },
    [visible, setSearchParams],
  );

  useEffect(() => {
    const onTabEvent = (event: Event) => {
      const tab = tabFromEventDetail((event as CustomEvent<unknown>).detail);
      if (tab) selectTab(tab);
    };
    window.addEventListener(DASHBOARD_TAB_EVENT, onTabEvent);
    return () => window.removeEventListener(DASHBOARD_TAB_EVENT, onTabEvent);
  }, [selectTab]);

  return { active, visible, selectTab };
}

function rememberTab(tab: DashboardTabId): void {
  setBrowserCookie(DASHBOARD_TAB_COOKIE, tab, { maxAge: DASHBOARD_TAB_COOKIE_MAX_AGE, sameSite: 'Lax' });
}
