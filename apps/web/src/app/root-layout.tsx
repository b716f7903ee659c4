import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { focusPageHeadingWhenShown } from '@/lib/focus-page-heading';
import { type MessageId, useT } from '@/lib/i18n';
import { useAccSessionCleanup } from '@/lib/use-acc-session-cleanup';

const TITLES: Record<string, MessageId> = {
  '/login': 'app.title.signIn',
  '/signup': 'app.title.signUp',
  '/dashboard': 'app.title.dashboard',
  '/demo': 'app.title.demo',
  '/help/acc-integration': 'app.title.accHelp',
};

/**
 * Wraps every route: cleans up a stored ACC session when the import is left (spec 1 §4), keeps the document title in step with the page and, after moving to another
 * page (not on the first load, where the skip link comes first), focuses the new page's heading.
 */
export function RootLayout() {
  const t = useT('app');
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useAccSessionCleanup();
  useEffect(() => {
    const title = TITLES[pathname];
    document.title = title ? `${t(title)} · Plumbline` : 'Plumbline';
  }, [pathname, t]);
  // Runs on each move to another page (the path), not on a language switch.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger, not an input
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    return focusPageHeadingWhenShown();
  }, [pathname]);
  return <Outlet />;
}
