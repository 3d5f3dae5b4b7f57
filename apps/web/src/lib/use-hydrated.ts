import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and during hydration, true after (and in a browser render from scratch):
 * what may differ between the server's HTML and the browser goes behind it, so hydration matches
 * the server's render and the browser's difference follows right after
 * (docs/decisions/021-server-rendering.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
