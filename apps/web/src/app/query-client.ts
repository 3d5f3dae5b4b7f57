import { QueryClient } from '@tanstack/react-query';
import { ApiClientError } from '../lib/api-client';

/** The app's TanStack Query defaults. Loaded beside the first page (app/query-client-loader.ts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // One retry for network and server errors; a 4xx answer will not change by asking again.
        retry: (failureCount, error) =>
          failureCount < 1 &&
          !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
