import { QueryErrorResetBoundary } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiRequestError } from '@/lib/api';
import { ErrorBoundary } from './error-boundary';
import { ErrorFallback } from './error-fallback';

/**
 * The boundary around each dashboard area: an API failure shows 'API Error' with Retry (which also re-runs
 * the failed queries), anything else 'Something went wrong' with Try again / Refresh.
 */
export function AreaErrorBoundary({
  children,
  resetKeys,
}: {
  children: ReactNode;
  resetKeys?: readonly unknown[];
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset: resetQueries }) => (
        <ErrorBoundary
          onReset={resetQueries}
          resetKeys={resetKeys}
          fallback={({ error, reset }) => (
            <ErrorFallback
              error={error}
              variant={isApiRequestError(error) ? 'api' : 'generic'}
              onReset={reset}
            />
          )}
        >
          {children}
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  );
}
