import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's QueryClient, loaded beside the first page instead of before it: TanStack Query's core
 * (~8 KB gzipped) is not needed to paint the layout or the landing page, which makes no API calls.
 * Every lazily loaded page and slot (app/router.tsx) and the header's notification bell load
 * through `withQueryClient`, so nothing that runs a query renders before AppProviders has the client.
 */
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** Starts loading the client (once; again after a failed load) and resolves with it. */
export function loadQueryClient(): Promise<QueryClient> {
  loading ??= import('./query-client').then(
    ({ createQueryClient }) => {
      client = createQueryClient();
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The client once loaded, else undefined (AppProviders reads it). */
export function getLoadedQueryClient(): QueryClient | undefined {
  return client;
}

export function subscribeToQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** A lazy module's loader that also waits for the client (both load in parallel). */
export function withQueryClient<M>(load: () => Promise<M>): () => Promise<M> {
  return () => Promise.all([load(), loadQueryClient()]).then(([module]) => module);
}
