import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { focusPageHeadingWhenShown } from '@/lib/focus-page-heading';

const TITLES: Record<string, string> = {
  '/login': 'Sign in',
  '/signup': 'Create account',
  '/dashboard': 'Dashboard',
  '/demo': 'Demo',
  '/help/acc-integration': 'ACC integration help',
};

/**
 * Wraps every route: keeps the document title in step with the page and, after moving to another
 * page (not on the first load, where the skip link comes first), focuses the new page's heading.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const firstPage = useRef(true);
  useEffect(() => {
    const title = TITLES[pathname];
    document.title = title ? `${title} · Plumbline` : 'Plumbline';
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    return focusPageHeadingWhenShown();
  }, [pathname]);
  return <Outlet />;
}
