import { useMemo } from 'react';
import Megaphone from 'lucide-react/icons/megaphone';
import { useSearchParams } from 'react-router';
import { OfferFiltersPanel } from '../../../components/offers/offer-filters-panel';
import { OfferListLayout } from '../../../components/offers/offer-list-layout';
import {
  OfferListResults,
  OffersEmpty,
  ResultGrid,
} from '../../../components/offers/offer-results';
import { Skeleton } from '../../../components/ui/skeleton';
import { useOffers } from '../../../lib/api/offers';
import { cn } from '../../../lib/cn';
import { hasFilters } from '../../../lib/offers/offer-filters';
import { useOfferFilterBoxes } from '../../../lib/offers/use-offer-filters';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupOffersByEntity, PUBLISHER_TYPE_FILTERS, typeFilterFrom } from '../advertiser-groups';
import type { PublisherTypeFilter } from '../advertiser-groups';
import { usePublisherEntities } from '../api/get-wishlist-entities';
import { AdvertiserCard } from '../components/advertiser-card';
import { ADVERTISERS_WISHLIST_TEXT as T } from '../wishlist-texts';

/** Offers read per page: the API's maximum, so one page covers many companies. */
const WISHLIST_PAGE_SIZE = 100;

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
  const boxes = useOfferFilterBoxes({ withTitle: false });
  const { filters, resetBoxes } = boxes;
  const type = typeFilterFrom(params.get('type'));

  // Only category and GEO apply here: a title in the URL (from the explorer) is ignored.
  const offerFilters = useMemo(
    () => ({ title: '', geo: filters.geo, category: filters.category }),
    [filters.geo, filters.category],
  );

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
  const handleClear = () => {
    resetBoxes();
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
    <OfferListLayout title={T.title} subtitle={T.subtitle}>
      <OfferFiltersPanel
        boxes={boxes}
        canClear={filtered || boxes.typed}
        onClear={handleClear}
        extra={<TypeFilter value={type} onChange={setType} />}
      />
      <OfferListResults
        offers={offers}
        label={T.title}
        count={T.count(groups.length, partial)}
        skeleton={
          <div aria-busy="true" className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <p role="status" className="sr-only">
              {T.loading}
            </p>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-72 rounded-xl" />
            ))}
          </div>
        }
        isEmpty={groups.length === 0}
        empty={
          <OffersEmpty
            filtered={filtered}
            onClear={handleClear}
            icon={<Megaphone />}
            title={T.empty}
            hint={T.emptyHint}
          />
        }
        failed={T.failed}
        loadMore={T.loadMore}
      >
        <ResultGrid stale={offers.isPlaceholderData} className="md:grid-cols-2">
          {groups.map((group) => (
            <li key={group.entityId}>
              <AdvertiserCard group={group} partial={partial} />
            </li>
          ))}
        </ResultGrid>
      </OfferListResults>
    </OfferListLayout>
  );
}
