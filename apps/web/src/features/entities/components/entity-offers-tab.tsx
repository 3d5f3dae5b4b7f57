import Package from 'lucide-react/icons/package';
import { Link } from 'react-router';
import { OFFER_CARD_GEOS } from '@trustlinks/contract/constants';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { offerPath } from '../../../lib/paths';
import { formatPayout } from '../../../lib/payout';
import { useEntityOffers } from '../api/get-entity-offers';
import type { EntityOffer } from '../api/get-entity-offers';
import { ENTITY_DETAIL_TEXT as T } from '../entities-texts';

/** docs/product/constants.md: the first two GEOs, then an ellipsis; none is worldwide. */
function geoText(geos: EntityOffer['target_geo']): string {
  if (!geos?.length) return T.worldwide;
  const shown = geos.slice(0, OFFER_CARD_GEOS).join(', ');
  return geos.length > OFFER_CARD_GEOS ? `${shown}…` : shown;
}

function NoOffers() {
  return <EmptyState icon={<Package />} title={T.noOffers} />;
}

/**
 * The entity's offers (docs/product/entities.md#entity-page Offers). Asked for only when offer_count says there are some;
 * a failed load shows the empty text (the API client has logged the failure).
 */
export function EntityOffersTab({ entity }: { entity: PublicEntity }) {
  const hasOffers = entity.offer_count > 0;
  const offers = useEntityOffers(entity.entity_id, hasOffers);
  if (!hasOffers) return <NoOffers />;
  if (offers.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  const list = offers.data?.offers ?? [];
  if (!list.length) return <NoOffers />;
  // A first page (OFFER_LIMITS.entityPageOffers); the rest in the explorer, filtered by the entity.
  const more = entity.offer_count > list.length;
  return (
    <>
      <ul className="grid gap-3 sm:grid-cols-2">
        {list.map((offer) => (
          <li key={offer.offer_id}>
            <Link
              to={offerPath(offer.slug)}
              state={{ offer }}
              className="block h-full rounded-xl focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Card className="flex h-full flex-col gap-2 p-4 transition-colors hover:border-brand/50">
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-semibold">{offer.title}</h3>
                  <span className="shrink-0 text-sm font-semibold text-brand">
                    {formatPayout(offer)}
                  </span>
                </div>
                {offer.description ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground">{offer.description}</p>
                ) : null}
                <div className="mt-auto flex flex-wrap gap-2 pt-1">
                  {offer.category ? <Badge variant="brand">{offer.category}</Badge> : null}
                  <Badge variant="outline">
                    {T.geo}: {geoText(offer.target_geo)}
                  </Badge>
                  {offer.payout_type ? <Badge variant="neutral">{offer.payout_type}</Badge> : null}
                </div>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
      {more ? (
        <p className="mt-4">
          <Link
            to={`/offers?${new URLSearchParams({ entity: entity.slug })}`}
            className="text-sm font-medium text-brand hover:underline"
          >
            {T.seeAllOffers(entity.offer_count)}
          </Link>
        </p>
      ) : null}
    </>
  );
}
