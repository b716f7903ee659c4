import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from './api';

/** Client errors (4xx) will not get better by asking again; network and 5xx errors get two retries. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiRequestError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
