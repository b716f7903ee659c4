import { createBrowserRouter, Navigate } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { SignupPage } from '@/features/auth/signup-page';
import { DemoPage } from '@/features/demo/demo-page';
import { AccIntegrationPage } from '@/features/help/acc-integration-page';
import { DashboardPage } from './dashboard-page';
import { NotFoundPage, RouteErrorPage } from './error-page';
import { RootLayout } from './root-layout';

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, element: <Navigate to="/dashboard" replace /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'dashboard', element: <DashboardPage /> },
      { path: 'demo', element: <DemoPage /> },
      { path: 'help/acc-integration', element: <AccIntegrationPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
