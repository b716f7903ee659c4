import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startFirstViewRequests } from './app/first-view-requests';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Opened on the dashboard or the demo: its first requests start now, while its code downloads.
startFirstViewRequests(window.location.pathname, window.location.search);

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
