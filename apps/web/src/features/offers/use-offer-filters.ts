import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { filtersFromSearchParams, filtersToSearchParams } from './offer-filters';
import type { OfferFilters } from './offer-filters';

const FILTER_KEYS = ['title', 'geo', 'category'];

type FiltersUpdate = OfferFilters | ((current: OfferFilters) => OfferFilters);

/**
 * The explorer's filters live in the URL query string (`?title=keto&geo=US&category=Nutra`):
 * a filtered view can be shared as a link and survives a reload. Changes replace the history
 * entry, so Back leaves the page instead of stepping through every keystroke.
 */
export function useUrlOfferFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(params), [params]);
  const setFilters = useCallback(
    (update: FiltersUpdate) => {
      setParams(
        (current) => {
          const before = filtersFromSearchParams(current);
          const next = filtersToSearchParams(
            typeof update === 'function' ? update(before) : update,
          );
          // Parameters that are not offer filters (the wishlist's `type`) stay as they are.
          for (const [key, value] of current) {
            if (!FILTER_KEYS.includes(key)) next.append(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { filters, setFilters };
}

/**
 * A text box whose value is committed after a pause of `delayMs` (docs/product/constants.md: 300 ms for the offer
 * search), so one request goes out per pause, not per keystroke. When the committed value changes
 * from outside (a link to /offers without filters, Back), the box follows it; `reset` empties it
 * at once (Clear filters), dropping a value still waiting for its pause.
 *
 * `normalize` turns what is typed into the committed form ('us,ca ' → 'US, CA'); while the box
 * already means the committed value, it is left as typed.
 */
export function useDebouncedInput(
  committed: string,
  normalize: (value: string) => string,
  commit: (value: string) => void,
  delayMs: number,
) {
  const [input, setInput] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    // Adjusting state while rendering (React's documented pattern): no flash of the old text.
    setSeen(committed);
    if (normalize(input) !== committed) setInput(committed);
  }

  const debounced = useDebouncedValue(input, delayMs);
  const latest = useRef({ committed, normalize, commit });
  useEffect(() => {
    latest.current = { committed, normalize, commit };
  });
  useEffect(() => {
    const { committed: current, normalize: norm, commit: save } = latest.current;
    const value = norm(debounced);
    if (value !== current) save(value);
  }, [debounced]);

  const reset = useCallback(() => setInput(''), []);
  return { value: input, onChange: setInput, reset };
}
