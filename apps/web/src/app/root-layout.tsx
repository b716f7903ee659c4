import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';

const TITLES: Record<string, string> = {
  '/login': 'Sign in',
  '/signup': 'Create account',
  '/dashboard': 'Dashboard',
  '/demo': 'Demo',
  '/help/acc-integration': 'ACC integration help',
};

/** Wraps every route: keeps the document title in step with the page. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    const title = TITLES[pathname];
    document.title = title ? `${title} · Plumbline` : 'Plumbline';
  }, [pathname]);
  return <Outlet />;
}
