import { useCallback, useMemo } from 'react';
import { DEBOUNCE_MS } from '@trustlinks/contract/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOffers } from '../api/get-offers';
import { OfferFiltersPanel } from '../components/offer-filters-panel';
import {
  OfferGrid,
  OfferGridSkeleton,
  OffersEmpty,
  OffersError,
} from '../components/offer-results';
import {
  EMPTY_FILTERS,
  formatGeoInput,
  formatTotal,
  hasFilters,
  normalizeTitle,
  parseGeoInput,
  toggleCategory,
} from '../offer-filters';
import { OFFERS_TEXT as T } from '../offers-texts';
import { useDebouncedInput, useUrlOfferFilters } from '../use-offer-filters';

const normalizeGeo = (value: string) => formatGeoInput(parseGeoInput(value).codes);

/**
 * Offers explorer (docs/product/offers.md#explorer): category chips, title search and GEO filter (sent after a 300 ms
 * pause; a newer search aborts the request in flight), result count, offer cards and
 * 'Load more'. The filters are kept in the URL query string, so a filtered view can be shared and
 * survives a reload.
 */
export function OffersPage() {
  useDocumentTitle(T.documentTitle);
  const { filters, setFilters } = useUrlOfferFilters();

  const commitTitle = useCallback(
    (title: string) => setFilters((current) => ({ ...current, title })),
    [setFilters],
  );
  const commitGeo = useCallback(
    (geo: string) => setFilters((current) => ({ ...current, geo: parseGeoInput(geo).codes })),
    [setFilters],
  );
  const title = useDebouncedInput(
    filters.title,
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

  const filtered = hasFilters(filters);
  const canClear = filtered || Boolean(title.value.trim() || geo.value.trim());
  const { reset: resetTitle } = title;
  const { reset: resetGeo } = geo;
  const handleClear = useCallback(() => {
    resetTitle();
    resetGeo();
    setFilters(EMPTY_FILTERS);
  }, [resetTitle, resetGeo, setFilters]);

  const offers = useOffers(filters);
  const pages = offers.data?.pages ?? [];
  const list = pages.flatMap((page) => page.offers);
  const pagination = pages[0]?.pagination;
  const total = pagination?.total ?? list.length;
  const totalText = formatTotal(total, pagination?.totalIsCapped ?? false);
  const stale = offers.isPlaceholderData;

  return (
    <Container className="py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{T.title}</h1>
        <p className="mt-2 text-muted-foreground">{T.subtitle}</p>
      </header>

      <OfferFiltersPanel
        title={title}
        geo={geo}
        geoIgnored={geoIgnored}
        categories={filters.category}
        onCategoryClick={(chip) =>
          setFilters((current) => ({
            ...current,
            category: toggleCategory(current.category, chip),
          }))
        }
        canClear={canClear}
        onClear={handleClear}
      />

      <section aria-labelledby="offer-results-heading" className="mt-6">
        <h2 id="offer-results-heading" className="sr-only">
          {T.resultsHeading}
        </h2>
        <p aria-live="polite" className="mb-4 min-h-5 text-sm font-medium text-muted-foreground">
          {offers.data ? T.resultCount(totalText, total) : null}
        </p>

        {offers.isPending ? (
          <OfferGridSkeleton />
        ) : !offers.data ? (
          <OffersError onRetry={() => void offers.refetch()} retrying={offers.isFetching} />
        ) : list.length === 0 ? (
          <OffersEmpty filtered={filtered} onClear={handleClear} />
        ) : (
          <>
            <OfferGrid offers={list} stale={stale} />
            {offers.isError ? (
              <Alert variant="danger" className="mt-4">
                {T.failed}
              </Alert>
            ) : null}
            <div className="mt-6 flex flex-col items-center gap-3">
              <p className="text-sm text-muted-foreground">{T.showing(list.length, totalText)}</p>
              {offers.hasNextPage ? (
                <Button
                  variant="outline"
                  onClick={() => void offers.fetchNextPage()}
                  disabled={offers.isFetchingNextPage || stale}
                >
                  {offers.isFetchingNextPage ? T.loadingMore : T.loadMore}
                </Button>
              ) : null}
            </div>
          </>
        )}
      </section>
    </Container>
  );
}
