import { startTransition, useEffect, useState } from 'react';

/**
 * False on the server and during hydration, true right after: what may differ between the
 * server's HTML and the browser goes behind it, so hydration matches the server's render and the
 * browser's difference follows (docs/decisions/021-server-rendering.md).
 *
 * The change comes in a transition, not as `useSyncExternalStore`'s snapshot change: React
 * re-renders a store whose snapshot differs synchronously, and a synchronous update above a part
 * of the page still waiting to hydrate hydrates it all in one task (the entity page's reviews
 * under its tabs: ~50 ms of a phone's main thread, ×4 throttled; docs/performance.md). A render
 * from scratch takes one more (time-sliced) render for it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    startTransition(() => setHydrated(true));
  }, []);
  return hydrated;
}
