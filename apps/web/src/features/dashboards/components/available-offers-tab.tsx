import { useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import PackageSearch from 'lucide-react/icons/package-search';
import type { Offer } from '@trustlinks/contract/offers';
import { Button } from '../../../components/ui/button';
import { OfferCard } from '../../../components/ui/offer-card';
import type { useAvailableOffers } from '../api/get-available-offers';
import { AVAILABLE_OFFERS_TEXT as T, DASHBOARD_TEXT } from '../dashboards-texts';
import { ListLoading, listStatus, LoadMore } from './dashboard-parts';
import { OfferDetailsDialog } from './offer-details-dialog';

interface AvailableOffersTabProps {
  query: ReturnType<typeof useAvailableOffers>;
  /** Offers of this entity are left out: nobody applies to their own offer. */
  ownEntityId: string | null;
}

/** The active offers of other entities; 'View Details' opens the apply modal (docs/product/dashboards.md#affiliate-dashboard, docs/product/dashboards.md#network-dashboard). */
export function AvailableOffersTab({ query, ownEntityId }: AvailableOffersTabProps) {
  const [viewing, setViewing] = useState<Offer | null>(null);

  if (query.isPending) return <ListLoading label={T.loading} />;
  const offers = availableOffersOf(query.data, ownEntityId);
  const status = listStatus({
    failed: query.isError && !offers.length ? query : null,
    failedMessage: DASHBOARD_TEXT.fetchAvailableFailed,
    count: offers.length,
    empty: { icon: <PackageSearch />, title: T.empty },
  });
  if (status) return status;
  return (
    <>
      <h2 className="sr-only">{T.heading}</h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {offers.map((offer) => (
          <li key={offer.offer_id}>
            <OfferCard
              offer={offer}
              actions={
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setViewing(offer)}
                  aria-label={`${T.viewDetails}: ${offer.title}`}
                >
                  <Eye aria-hidden="true" />
                  {T.viewDetails}
                </Button>
              }
            />
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
      <OfferDetailsDialog offer={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

/** Every loaded page's offers, without the viewer's own. */
export function availableOffersOf(
  data: ReturnType<typeof useAvailableOffers>['data'],
  ownEntityId: string | null,
): Offer[] {
  return (data?.pages.flatMap((page) => page.offers) ?? []).filter(
    (offer) => offer.entity_id !== ownEntityId,
  );
}
