/** The app itself, loaded by main.tsx once the static loading shell is on screen. */
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers';
import { router } from './router';

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
