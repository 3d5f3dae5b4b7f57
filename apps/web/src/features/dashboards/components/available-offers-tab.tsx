import { useCallback, useState } from 'react';
import Eye from 'lucide-react/icons/eye';
import PackageSearch from 'lucide-react/icons/package-search';
import type { ApplicationStatus } from '@trustlinks/contract/applications';
import type { ExplorerOffer } from '@trustlinks/contract/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { OfferCard } from '../../../components/ui/offer-card';
import { TrustLine } from '../../../components/ui/trust-line';
import { OfferRulesView } from '../../../components/deals/offer-rules-view';
import { OfferFiltersPanel } from '../../../components/offers/offer-filters-panel';
import { EMPTY_FILTERS, hasFilters } from '../../../lib/offers/offer-filters';
import { useOfferFilterBoxes } from '../../../lib/offers/use-offer-filters';
import { ExplorerControls } from '../../../components/offers/explorer-controls';
import { useAppliedOffers } from '../api/get-applied-offers';
import { useAvailableOffers } from '../api/get-available-offers';
import { APPLICATIONS_TEXT, AVAILABLE_OFFERS_TEXT as T, DASHBOARD_TEXT } from '../dashboards-texts';
import { ListLoading, listStatus, LoadMore } from './dashboard-parts';
import { OfferDetailsDialog } from './offer-details-dialog';

interface AvailableOffersTabProps {
  /** Offers of this entity are left out: nobody applies to their own offer. */
  ownEntityId: string | null;
}

/**
 * The active offers of other entities; 'View Details' opens the apply modal (docs/product/dashboards.md#affiliate-dashboard, docs/product/dashboards.md#network-dashboard).
 * Above them, the explorer's search, filters and sort (docs/decisions/030), kept in the URL as there.
 */
export function AvailableOffersTab({ ownEntityId }: AvailableOffersTabProps) {
  const query = useAvailableOffers();
  const boxes = useOfferFilterBoxes({ withTitle: true });
  const { filters, setFilters, resetBoxes } = boxes;
  const handleClear = useCallback(() => {
    resetBoxes();
    setFilters(EMPTY_FILTERS);
  }, [resetBoxes, setFilters]);
  return (
    <div className="flex flex-col gap-4">
      <OfferFiltersPanel
        boxes={boxes}
        canClear={hasFilters(filters) || boxes.typed}
        onClear={handleClear}
      />
      <ExplorerControls filters={filters} setFilters={setFilters} />
      <AvailableOffersList query={query} ownEntityId={ownEntityId} />
    </div>
  );
}

function AvailableOffersList({
  query,
  ownEntityId,
}: AvailableOffersTabProps & { query: ReturnType<typeof useAvailableOffers> }) {
  const [viewing, setViewing] = useState<ExplorerOffer | null>(null);
  const applied = useAppliedOffers(
    (query.data?.pages ?? []).map((page) => page.offers.map((o) => o.offer_id)),
  );

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
              badges={<TrustLine trust={offer.entity_trust} />}
              details={<OfferRulesView offer={offer} compact />}
              actions={
                <>
                  <AppliedBadge status={applied.get(offer.offer_id)} />
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setViewing(offer)}
                    aria-label={`${T.viewDetails}: ${offer.title}`}
                  >
                    <Eye aria-hidden="true" />
                    {T.viewDetails}
                  </Button>
                </>
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

/** Where the caller's company stands with an offer it applied to (docs/decisions/027); nothing otherwise. */
function AppliedBadge({ status }: { status: ApplicationStatus | undefined }) {
  if (!status || status === 'withdrawn') return null;
  const variant = status === 'approved' ? 'success' : status === 'rejected' ? 'danger' : 'warning';
  return <Badge variant={variant}>{T.applied(APPLICATIONS_TEXT.statusLabels[status])}</Badge>;
}

/** Every loaded page's offers, without the viewer's own. */
export function availableOffersOf(
  data: ReturnType<typeof useAvailableOffers>['data'],
  ownEntityId: string | null,
): ExplorerOffer[] {
  return (data?.pages.flatMap((page) => page.offers) ?? []).filter(
    (offer) => offer.entity_id !== ownEntityId,
  );
}
