import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { router } from './app/router';
import { startSessionCheck } from './lib/session';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Opened on the dashboard: ask who is signed in now, while the dashboard's code downloads.
if (window.location.pathname.startsWith('/dashboard')) startSessionCheck();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
