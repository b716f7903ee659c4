import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster, toast } from 'sonner';
import { afterEach } from 'vitest';
import { LiveAnnouncerProvider } from '@/components/ui/live-announcer';
import { TooltipProvider } from '@/components/ui/tooltip';
import { type DataSourceMode, DataSourceProvider } from '@/lib/data-source';
import './dom-shims';

// Component tests share one document: each test starts from an empty one, with empty storage (the
// remembered selection of an earlier test would be restored) and with no toast of an earlier test
// (sonner keeps its toasts in a module and hands them to the next Toaster).
afterEach(() => {
  cleanup();
  toast.dismiss();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// `findBy…` and `waitFor` wait for what the screen draws after an answer. Testing Library's default of
// one second is a deadline a loaded machine misses; this one is a guard against a hung test, shorter
// than the test's own timeout so the failure names what was awaited (decision 0205).
configure({ asyncUtilTimeout: 60_000 });

export interface RenderOptions {
  mode?: DataSourceMode;
  /** The router's starting address (query parameters open the wizard, select a project, …). */
  route?: string;
}

/**
 * Renders a component inside the providers the app gives it (data cache without retries, data source,
 * router, tooltips, toasts), and a user-event session that types and clicks as a person does.
 */
export function renderWithApp(ui: ReactElement, { mode = 'live', route = '/' }: RenderOptions = {}) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <DataSourceProvider mode={mode}>
        <MemoryRouter initialEntries={[route]}>
          <TooltipProvider delayDuration={0}>
            <LiveAnnouncerProvider>
              {children}
              <Toaster />
            </LiveAnnouncerProvider>
          </TooltipProvider>
        </MemoryRouter>
      </DataSourceProvider>
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  return { user, queryClient, ...render(ui, { wrapper }) };
}
