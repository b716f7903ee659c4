import { lazy, Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { focusPageHeadingWhenShown } from '@/lib/focus-page-heading';
import { type MessageId, useT } from '@/lib/i18n';

// The ACC session's clean-up (spec 1 §4) arrives just after the first paint: no first view carries it
// (build/bundle-budget.ts), and nothing can be left before the page has shown.
const AccSessionCleanup = lazy(() =>
  import('@/lib/use-acc-session-cleanup').then((module) => ({ default: module.AccSessionCleanup })),
);

const TITLES: Record<string, MessageId> = {
  '/login': 'app.title.signIn',
  '/signup': 'app.title.signUp',
  '/dashboard': 'app.title.dashboard',
  '/demo': 'app.title.demo',
  '/help/acc-integration': 'app.title.accHelp',
};

/**
 * Wraps every route: cleans up a stored ACC session when the import is left (spec 1 §4), keeps the
 * document title in step with the page and, after moving to another page (not on the first load, where
 * the skip link comes first), focuses the new page's heading.
 */
export function RootLayout() {
  const t = useT('app');
  const { pathname } = useLocation();
  const firstPage = useRef(true);
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
  return (
    <>
      <Suspense fallback={null}>
        <AccSessionCleanup />
      </Suspense>
      <Outlet />
    </>
  );
}
