import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A dashboard's selected tab, kept in `?tab=` so links (a notification's "open") land on the
 * right tab; an unknown or missing value selects the first.
 */
export function useTabParam<V extends string>(tabs: readonly V[]): [V, (tab: V) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = tabs.find((t) => t === asked) ?? tabs[0]!;
  const setTab = useCallback(
    (next: V) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('tab', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [tab, setTab];
}
