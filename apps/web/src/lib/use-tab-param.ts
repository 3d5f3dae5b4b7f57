import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameter of the selected tab (app/page-data.ts keys rendered pages by it). */
export const TAB_PARAM = 'tab';

/**
 * A page's selected tab, kept in `?tab=` so links (a notification's "open", a review's own
 * address) land on the right tab, and the server renders it from the URL; an unknown or missing
 * value selects `fallback` (the first tab unless given).
 */
export function useTabParam<V extends string>(
  tabs: readonly V[],
  fallback: V = tabs[0]!,
): [V, (tab: V) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM);
  const tab = tabs.find((t) => t === asked) ?? fallback;
  const setTab = useCallback(
    (next: V) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set(TAB_PARAM, next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [tab, setTab];
}

/**
 * The one thing a dashboard link is about (`?request={id}`, contract pages.ts dashboardPath's
 * focus), and a way to let it go once it has been opened (so a reload or Back does not reopen it).
 */
export function useFocusParam(name: string): [string | null, () => void] {
  const [params, setParams] = useSearchParams();
  const focus = params.get(name);
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete(name);
          return updated;
        },
        { replace: true },
      ),
    [setParams, name],
  );
  return [focus, clear];
}
