import { lazy, Suspense, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOASTS_VISIBLE } from '@trustlinks/contract/constants';
import { ApiClientError } from '../lib/api-client';
import { useTheme } from './theme';

// No page shows a toast on its first paint, so sonner loads beside the page instead of before it
// (~9 KB gzipped off the first paint). Toasts raised before it mounts are not lost: sonner
// replays active toasts to a Toaster that subscribes late.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

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

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one per page load. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const { theme } = useTheme();
  return (
    <QueryClientProvider client={client}>
      {children}
      <Suspense fallback={null}>
        {/* docs/product/constants.md: top right, at most 5 visible, newest on top (sonner's default), dark when the page is. */}
        <Toaster
          position="top-right"
          visibleToasts={TOASTS_VISIBLE}
          richColors
          closeButton
          theme={theme}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
