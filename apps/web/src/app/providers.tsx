import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LiveAnnouncerProvider } from '@/components/ui/live-announcer';
import { setUnauthorizedHandler } from '@/lib/api';
import { subscribeLocale, useT } from '@/lib/i18n';
import { watchProjectSettles } from '@/lib/project-freshness';
import { createQueryClient } from '@/lib/query-client';
import { sessionQueryKey } from '@/lib/session';
import { router } from './router';

const PUBLIC_PATHS = ['/login', '/signup', '/demo', '/help/'];

// The toasts' region arrives just after the first render: no first view needs the library before it
// (its own chunk, build/first-view-chunks.ts; issue 37, decision 0441). Toasts come from actions.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** App-wide providers: data cache, toasts, announcements, and the one place a 401 is turned into a sign-out. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      // The session ended (expired, revoked, signed out elsewhere): forget everything cached for it.
      queryClient.clear();
      queryClient.setQueryData(sessionQueryKey, null);
      const { pathname } = router.state.location;
      if (!PUBLIC_PATHS.some((path) => pathname.startsWith(path)))
        void router.navigate('/login', { replace: true });
    });
    return () => setUnauthorizedHandler(undefined);
  }, [queryClient]);

  // A project that settles (re-check, new version) refreshes every view of it, in every tab.
  useEffect(() => watchProjectSettles(queryClient), [queryClient]);
  // What the server wrote in words (reasons, answers) is asked again in the new language.
  useEffect(() => subscribeLocale(() => void queryClient.invalidateQueries()), [queryClient]);

  // The `app` catalogue is loaded before the first render (boot.tsx): the toasts' region is named in the page's language.
  const t = useT('app');

  return (
    <QueryClientProvider client={queryClient}>
      <LiveAnnouncerProvider>
        {children}
        {/* Sonner's region is polite (aria-live), so each toast is read once. */}
        <Suspense fallback={null}>
          <Toaster
            position="bottom-right"
            richColors
            closeButton
            containerAriaLabel={t('app.toasts.region')}
            toastOptions={{ closeButtonAriaLabel: t('app.toasts.close') }}
          />
        </Suspense>
      </LiveAnnouncerProvider>
    </QueryClientProvider>
  );
}
