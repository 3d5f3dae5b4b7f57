import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEBOUNCE_MS } from '@trustlinks/contract/constants';
import { useDebouncedValue } from '../use-debounced-value';
import {
  FILTER_KEYS,
  filtersFromSearchParams,
  filtersToSearchParams,
  formatGeoInput,
  normalizeTitle,
  parseGeoInput,
  toggleCategory,
} from './offer-filters';
import type { OfferFilters } from './offer-filters';

type FiltersUpdate = OfferFilters | ((current: OfferFilters) => OfferFilters);

/**
 * The explorer's filters live in the URL query string (`?title=keto&geo=US&category=Nutra`):
 * a filtered view can be shared as a link and survives a reload. Changes replace the history
 * entry, so Back leaves the page instead of stepping through every keystroke.
 */
function useUrlOfferFilters() {
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
function useDebouncedInput(
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

const normalizeGeo = (value: string) => formatGeoInput(parseGeoInput(value).codes);

/**
 * The filter panel of an offer list over the URL filters (the explorer, the advertisers'
 * wishlist): the title (where the page searches titles) and GEO boxes, committed after the
 * 300 ms pause of docs/product/constants.md, the typed GEO tokens that are not codes, and the
 * category chips. `typed` says a box holds text; `resetBoxes` empties both (Clear filters).
 */
export function useOfferFilterBoxes({ withTitle }: { withTitle: boolean }) {
  const { filters, setFilters } = useUrlOfferFilters();

  const commitTitle = useCallback(
    (title: string) => setFilters((current) => ({ ...current, title })),
    [setFilters],
  );
  const commitGeo = useCallback(
    (geo: string) => setFilters((current) => ({ ...current, geo: parseGeoInput(geo).codes })),
    [setFilters],
  );
  // Without a title box, a title in the URL (from the explorer) is neither shown nor cleared.
  const title = useDebouncedInput(
    withTitle ? filters.title : '',
    normalizeTitle,
    commitTitle,
    DEBOUNCE_MS.offerSearch,
  );
  const geo = useDebouncedInput(
    formatGeoInput(filters.geo),
    normalizeGeo,
    commitGeo,
    DEBOUNCE_MS.offerSearch,
  );
  const geoIgnored = useMemo(() => parseGeoInput(geo.value).ignored, [geo.value]);
  const onCategoryClick = useCallback(
    (chip: string) =>
      setFilters((current) => ({
        ...current,
        category: toggleCategory(current.category, chip),
      })),
    [setFilters],
  );

  const { reset: resetTitle } = title;
  const { reset: resetGeo } = geo;
  const resetBoxes = useCallback(() => {
    resetTitle();
    resetGeo();
  }, [resetTitle, resetGeo]);

  return {
    filters,
    setFilters,
    title: withTitle ? title : undefined,
    geo,
    geoIgnored,
    onCategoryClick,
    typed: Boolean(title.value.trim() || geo.value.trim()),
    resetBoxes,
  };
}

export type OfferFilterBoxes = ReturnType<typeof useOfferFilterBoxes>;
