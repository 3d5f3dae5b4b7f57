import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { QueryClientContext } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { TOASTS_VISIBLE } from '@trustlinks/contract/constants';
import {
  getLoadedQueryClient,
  loadQueryClient,
  subscribeToQueryClient,
} from './query-client-loader';
import { hasRaisedToast, subscribeToFirstToast } from '../lib/toast';
import { emptyCacheOnSessionChange } from './session-cache';
import { useTheme } from './theme';

// sonner loads with the first toast (lib/toast.ts), and its <Toaster> with it: a page that shows
// none never loads it (~9 KB gzipped, and a style sheet whose insertion restyles the whole page,
// in the middle of a phone's start-up). Toasts raised before it mounts are not lost: sonner
// replays active toasts to a Toaster that subscribes late.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** True once a toast has been raised (lib/toast.ts). */
function useToastRaised(): boolean {
  const [raised, setRaised] = useState(hasRaisedToast);
  useEffect(() => {
    // A toast may have been raised between the render and this effect.
    setRaised(hasRaisedToast());
    return subscribeToFirstToast(() => setRaised(true));
  }, []);
  return raised;
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client; the app creates one per page load. */
  queryClient?: QueryClient;
}

export function AppProviders({ children, queryClient }: AppProvidersProps) {
  // Subscribed in a layout effect, which runs as soon as the first render is committed: a lazy
  // page resolves only after the client has loaded, and the client must be in the context before
  // that page renders. Preact runs a plain effect (and useSyncExternalStore's subscription) after
  // the next frame, by when a cached page and client may both have loaded: the page would render
  // without a client ("No QueryClient set").
  const [loaded, setLoaded] = useState(getLoadedQueryClient);
  useLayoutEffect(() => {
    setLoaded(getLoadedQueryClient());
    return subscribeToQueryClient(() => setLoaded(getLoadedQueryClient()));
  }, []);
  const client = queryClient ?? loaded;
  const { theme } = useTheme();
  const toastRaised = useToastRaised();

  // The app's client arrives after the first paint (app/query-client-loader.ts); ask for it now.
  useEffect(() => {
    if (!queryClient) void loadQueryClient().catch(() => undefined);
  }, [queryClient]);
  // What QueryClientProvider does, for a client that may arrive after the first render; and the
  // cache empties when the session changes (app/session-cache.ts).
  useEffect(() => {
    if (!client) return undefined;
    client.mount();
    const stopEmptying = emptyCacheOnSessionChange(client);
    return () => {
      stopEmptying();
      client.unmount();
    };
  }, [client]);

  // `.Provider`, not React 19's `<Context value>`: Preact 10 renders only the former.
  return (
    <QueryClientContext.Provider value={client}>
      {children}
      {/* In a portal on <body>: toasts are fixed to the viewport anyway, and the page's own tree
          (and a test's render container) holds only the page. */}
      {toastRaised
        ? createPortal(
            <Suspense fallback={null}>
              {/* docs/product/constants.md: top right, at most 5 visible, newest on top (sonner's default), dark when the page is. */}
              <Toaster
                position="top-right"
                visibleToasts={TOASTS_VISIBLE}
                richColors
                closeButton
                theme={theme}
              />
            </Suspense>,
            document.body,
          )
        : null}
    </QueryClientContext.Provider>
  );
}
