/** The app itself, loaded by main.tsx once the static loading shell is on screen. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { cn } from '@/lib/cn';
import { loadNamespaces, pageLocale, startLocale } from '@/lib/i18n';
import { nextTask } from '@/lib/next-task';
import { AppProviders } from './providers';
import { router } from './router';

// The page's language and its first catalogue (already on its way: main.tsx asked for it). Without it
// (a failed download) the page still opens, showing message ids, rather than staying blank.
const locale = pageLocale();
await loadNamespaces(locale, ['app']).catch((error: unknown) => console.error('catalogue', error));
startLocale(locale);
// tailwind-merge builds its class table on its first call: here, in a task of its own, not inside the
// first render's (issue 37, decision 0441).
await nextTask();
cn('px-2 px-4');
await nextTask();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Rendered as a transition: React works in slices of a few milliseconds and lets the browser answer
// input in between, instead of one long task (issue 21: Lighthouse's total blocking time on a phone).
// The static shell stays on screen until the first page is ready to replace it.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
// The API's error messages, for when something fails (until then, and should it not load, an error
// shows the message the server wrote, in the same language: lib/api/errors.ts). Off the first view.
const whenIdle = (run: () => void) =>
  'requestIdleCallback' in window
    ? window.requestIdleCallback(run, { timeout: 5000 })
    : setTimeout(run, 2000);
whenIdle(() => void loadNamespaces(locale, ['errors']).catch(() => {}));
