import { hydrate, QueryClient } from '@tanstack/react-query';
import { ApiClientError } from '../lib/api-client';

/**
 * The id of the `<script type="application/json">` in which the server hands the data it rendered
 * the page with to the app (src/entry-server.tsx, docs/decisions/021-server-rendering.md).
 */
export const QUERY_STATE_ID = 'query-state';

/**
 * The app's TanStack Query defaults. Loaded beside the first page (app/query-client-loader.ts).
 * In the browser it starts with the data the server rendered the page with, so hydration renders
 * what the server did and nothing is read again; on the server (`server`) nothing is retried.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // One retry for network and server errors; a 4xx answer will not change by asking again.
        retry: (failureCount, error) =>
          !server &&
          failureCount < 1 &&
          !(error instanceof ApiClientError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
  if (!server && typeof document !== 'undefined') {
    const state = document.getElementById(QUERY_STATE_ID)?.textContent;
    if (state) hydrate(client, JSON.parse(state));
  }
  return client;
}
