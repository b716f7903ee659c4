import { type ComponentType, use } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { PageLoading } from '@/components/ui/page-loading';
import { type DashboardShellOptions, DEMO_SHELL_OPTIONS } from '@/lib/dashboard-tabs';
import { currentLocale, loadNamespaces } from '@/lib/i18n';
import { openingHeading } from '@/lib/opening-heading';
import { NotFoundPage, RouteErrorPage } from './error-page';
import { dashboardNamespaces } from './first-view-catalogues';
import { pageCodeRun } from './page-code-run';
import { RootLayout } from './root-layout';
import { preloadFirstTab } from './shell/tab-loaders';

/**
 * A later task. The dashboard's and the demo's code (one chunk, already preloaded by their page) is
 * run in a task of its own instead of in the app's start-up task: two shorter tasks, not one long one
 * (issue 21: Lighthouse counts each task's time past 50 ms, times four on a phone).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The page's first use of `Intl` (the Overview's numbers) loads the browser's locale data: one long
 * task, here on its own instead of inside the dashboard's first render (issue 37, decision 0441).
 * The sign-in pages use no `Intl` at all (plain messages are formatted without it).
 */
const loadLocaleData = async () => {
  new Intl.NumberFormat().format(1);
  await nextTask();
};

/**
 * The dashboard's and the demo's catalogues, loaded beside their code (disabled controls say why),
 * with the Overview's when the page opens on it: asked for by the tab's first render, it was one more
 * round trip before the page's figures (decision 0449).
 */
const dashboardMessages = (options: DashboardShellOptions) =>
  loadNamespaces(currentLocale(), dashboardNamespaces(options, window.location.search)).catch(() => {});

/** The paths of the sign-in pages (features/auth/sign-in-pages.ts, one chunk). */
const SIGN_IN_PATHS = ['login', 'signup', 'verify-email'] as const;
type SignInPages = typeof import('@/features/auth/sign-in-pages');
const signInPages = () => import('@/features/auth/sign-in-pages');

/**
 * Whether the page opened on a sign-in page: login.html, signup.html and verify-email.html name the
 * pages' chunk, which the entry runs after the app's (main.tsx, one chunk per task).
 */
const openedOnSignIn = SIGN_IN_PATHS.some((path) => window.location.pathname.split('/')[1] === path);
let firstSignInPages: Promise<SignInPages> | undefined;

/**
 * A sign-in page in the app's first render, when the page opened on it: the render (a transition,
 * boot.tsx) waits for the pages' module, taken once the entry has run it in its own task, and the form
 * replaces the static shell in one commit, as when the pages sat in the app's chunk. A lazy route
 * would first commit the loading page, then the form. Elsewhere the routes load the pages on demand.
 */
function FirstSignInPage({ page }: { page: (pages: SignInPages) => ComponentType }) {
  firstSignInPages ??= pageCodeRun.then(signInPages);
  const Page = page(use(firstSignInPages));
  return <Page />;
}

const signInRoute = (path: (typeof SIGN_IN_PATHS)[number], page: (pages: SignInPages) => ComponentType) =>
  openedOnSignIn
    ? { path, element: <FirstSignInPage page={page} /> }
    : { path, lazy: async () => ({ Component: page(await signInPages()) }) };

// The dashboard, the demo, the sign-in and help pages load on demand, so a visitor who lands on /login
// does not download every dashboard area, nor one on the dashboard the sign-in forms (decision 0460).
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while a lazily loaded page arrives on the first load.
    hydrateFallbackElement: (
      <PageLoading heading={openingHeading(window.location.pathname, window.location.search)} />
    ),
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      signInRoute('login', (pages) => pages.LoginPage),
      signInRoute('signup', (pages) => pages.SignupPage),
      signInRoute('verify-email', (pages) => pages.VerifyEmailPage),
      {
        path: 'dashboard',
        lazy: async () => {
          await nextTask();
          // The opening tab's chunk loads beside the dashboard's, not after it (one round trip less).
          preloadFirstTab({});
          await loadLocaleData();
          const messages = dashboardMessages({});
          await pageCodeRun;
          const { DashboardPage } = await import('./dashboard-page');
          await messages;
          return { Component: DashboardPage };
        },
      },
      {
        path: 'demo',
        lazy: async () => {
          await nextTask();
          preloadFirstTab(DEMO_SHELL_OPTIONS);
          await loadLocaleData();
          const messages = dashboardMessages(DEMO_SHELL_OPTIONS);
          await pageCodeRun;
          const { DemoPage } = await import('./demo-page');
          await messages;
          return { Component: DemoPage };
        },
      },
      {
        path: 'help/acc-integration',
        lazy: async () => ({
          Component: (await import('@/features/help/acc-integration-page')).AccIntegrationPage,
        }),
      },
      {
        path: 'contact',
        lazy: async () => {
          const messages = loadNamespaces(currentLocale(), ['help']).catch(() => {});
          const { ContactPage } = await import('@/features/help/contact-page');
          await messages;
          return { Component: ContactPage };
        },
      },
      {
        path: 'projects/:projectId/files/:fileId/changes',
        lazy: async () => ({ Component: (await import('./changes-redirect')).ChangesRedirect }),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
