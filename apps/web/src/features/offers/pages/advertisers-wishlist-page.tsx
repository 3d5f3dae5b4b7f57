import { useCallback, useMemo } from 'react';
import Megaphone from 'lucide-react/icons/megaphone';
import { useSearchParams } from 'react-router';
import { DEBOUNCE_MS } from '@trustlinks/contract/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupOffersByEntity, PUBLISHER_TYPE_FILTERS, typeFilterFrom } from '../advertiser-groups';
import type { PublisherTypeFilter } from '../advertiser-groups';
import { useOffers } from '../api/get-offers';
import { usePublisherEntities } from '../api/get-wishlist-entities';
import { AdvertiserCard } from '../components/advertiser-card';
import { OfferFiltersPanel } from '../components/offer-filters-panel';
import { OffersError } from '../components/offer-results';
import { formatGeoInput, hasFilters, parseGeoInput, toggleCategory } from '../offer-filters';
import { ADVERTISERS_WISHLIST_TEXT as T } from '../offers-texts';
import { useDebouncedInput, useUrlOfferFilters } from '../use-offer-filters';

/** Offers read per page: the API's maximum, so one page covers many companies. */
const WISHLIST_PAGE_SIZE = 100;

const normalizeGeo = (value: string) => formatGeoInput(parseGeoInput(value).codes);

function TypeFilter({
  value,
  onChange,
}: {
  value: PublisherTypeFilter;
  onChange: (value: PublisherTypeFilter) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <span id="wishlist-type-label" className="text-sm font-medium">
        {T.typeLabel}
      </span>
      <div
        role="group"
        aria-labelledby="wishlist-type-label"
        className="inline-flex h-10 rounded-lg border border-border bg-muted p-1"
      >
        {PUBLISHER_TYPE_FILTERS.map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={value === type}
            onClick={() => onChange(type)}
            className={cn(
              'flex-1 rounded-md px-3 text-sm font-medium transition-colors',
              value === type
                ? 'bg-card text-foreground shadow-xs'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {T.types[type]}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * Advertisers wishlist (route of docs/product/screens.md#routes; content not shown there, so ours): the counterpart of
 * the affiliates wishlist. Where that page lists affiliates looking for offers, this one lists
 * verified advertisers and networks looking for affiliates — the companies with active offers,
 * one card each, with their verticals, GEOs and newest offers. Built from GET /offers/fetch_all
 * (filtered by category and GEO on the server) and GET /entities/public?entity_type= for the
 * companies' ratings and countries. Filters live in the URL like the explorer's.
 */
export function AdvertisersWishlistPage() {
  useDocumentTitle(T.documentTitle);
  const [params, setParams] = useSearchParams();
  const { filters, setFilters } = useUrlOfferFilters();
  const type = typeFilterFrom(params.get('type'));

  // Only category and GEO apply here: a title in the URL (from the explorer) is ignored.
  const offerFilters = useMemo(
    () => ({ title: '', geo: filters.geo, category: filters.category }),
    [filters.geo, filters.category],
  );
  const commitGeo = useCallback(
    (geo: string) => setFilters((current) => ({ ...current, geo: parseGeoInput(geo).codes })),
    [setFilters],
  );
  const geo = useDebouncedInput(
    formatGeoInput(filters.geo),
    normalizeGeo,
    commitGeo,
    DEBOUNCE_MS.offerSearch,
  );
  const geoIgnored = useMemo(() => parseGeoInput(geo.value).ignored, [geo.value]);

  const setType = (next: PublisherTypeFilter) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'all') updated.delete('type');
        else updated.set('type', next);
        return updated;
      },
      { replace: true },
    );

  const filtered = hasFilters(offerFilters) || type !== 'all';
  const { reset: resetGeo } = geo;
  const handleClear = () => {
    resetGeo();
    setParams(new URLSearchParams(), { replace: true });
  };

  const offers = useOffers(offerFilters, WISHLIST_PAGE_SIZE);
  const entities = usePublisherEntities();
  const allOffers = useMemo(
    () => offers.data?.pages.flatMap((page) => page.offers) ?? [],
    [offers.data],
  );
  const groups = useMemo(
    () => groupOffersByEntity(allOffers, entities.byId, type),
    [allOffers, entities.byId, type],
  );
  const partial = Boolean(offers.hasNextPage);

  return (
    <Container className="py-8 sm:py-10">
      <header className="mb-6">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{T.title}</h1>
        <p className="mt-2 text-muted-foreground">{T.subtitle}</p>
      </header>

      <OfferFiltersPanel
        geo={geo}
        geoIgnored={geoIgnored}
        categories={filters.category}
        onCategoryClick={(chip) =>
          setFilters((current) => ({
            ...current,
            category: toggleCategory(current.category, chip),
          }))
        }
        canClear={filtered || geo.value.trim() !== ''}
        onClear={handleClear}
        extra={<TypeFilter value={type} onChange={setType} />}
      />

      <section aria-label={T.title} className="mt-6">
        <p aria-live="polite" className="mb-4 min-h-5 text-sm font-medium text-muted-foreground">
          {offers.data ? T.count(groups.length, partial) : null}
        </p>
        {offers.isPending ? (
          <div aria-busy="true" className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <p role="status" className="sr-only">
              {T.loading}
            </p>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-72 rounded-xl" />
            ))}
          </div>
        ) : !offers.data ? (
          <OffersError
            message={T.failed}
            onRetry={() => void offers.refetch()}
            retrying={offers.isFetching}
          />
        ) : groups.length === 0 ? (
          <EmptyState
            className="rounded-xl border border-dashed border-border"
            icon={<Megaphone />}
            title={T.empty}
            description={T.emptyHint}
            action={
              filtered ? (
                <Button variant="outline" onClick={handleClear}>
                  {T.clearFilters}
                </Button>
              ) : null
            }
          />
        ) : (
          <>
            <ul
              aria-busy={offers.isPlaceholderData || undefined}
              className={cn(
                'grid grid-cols-1 gap-4 transition-opacity md:grid-cols-2',
                offers.isPlaceholderData && 'opacity-60',
              )}
            >
              {groups.map((group) => (
                <li key={group.entityId}>
                  <AdvertiserCard group={group} partial={partial} />
                </li>
              ))}
            </ul>
            {offers.isError ? (
              <Alert variant="danger" className="mt-4">
                {T.failed}
              </Alert>
            ) : null}
            {offers.hasNextPage ? (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="outline"
                  onClick={() => void offers.fetchNextPage()}
                  disabled={offers.isFetchingNextPage || offers.isPlaceholderData}
                >
                  {offers.isFetchingNextPage ? T.loadingMore : T.loadMore}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </section>
    </Container>
  );
}
