import { Link } from 'react-router';
import type { Offer } from '@trustlinks/contract/offers';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { JoinEntityButton } from '../../../components/join-entity/join-entity-button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/ui/star-rating';
import { entityPath } from '../../../lib/paths';
import { usePublicEntity } from '../../../lib/api/entities';
import { ENTITY_TYPE_LABELS, OFFER_DETAIL_TEXT as T } from '../offers-texts';

/**
 * The owning entity beside the offer (docs/product/offers.md#offer-page). Where the spec shows a hard-coded 4.5,
 * '23 Reviews' and '12 Offers', this card shows the entity's real reputation (to 1 decimal),
 * total_reviews and offer_count from GET /entities/public/{id}. If that read fails (an entity
 * not approved yet, seen by its owner), the name and type from the offer remain.
 */
export function OfferEntityCard({ offer }: { offer: Offer }) {
  const entity = usePublicEntity(offer.entity_id);
  const data = entity.data?.entity;
  const name = data?.name ?? offer.entity_name;
  const type = data?.entity_type ?? offer.entity_type;
  const path = entityPath(offer.entity_slug);
  const score = data?.reputation_score ?? 0;

  return (
    <Card className="flex flex-col gap-4 p-5">
      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {T.aboutEntity}
      </p>
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand text-lg font-semibold text-brand-foreground"
        >
          {name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <div className="min-w-0">
          <Link
            to={path}
            state={{ entityName: name }}
            className="block truncate font-semibold underline-offset-4 hover:underline"
          >
            {name}
          </Link>
          <Badge variant="brand" className="mt-1">
            {ENTITY_TYPE_LABELS[type]}
          </Badge>
        </div>
      </div>

      {entity.isPending ? (
        <div aria-hidden="true" className="flex flex-col gap-2">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-40" />
        </div>
      ) : data ? (
        <div className="flex flex-col gap-2 text-sm">
          <div className="flex items-center gap-2">
            <StarRating value={score} />
            <span className="font-medium">{score > 0 ? score.toFixed(1) : T.noRatings}</span>
          </div>
          <p className="text-muted-foreground">
            <span>{T.reviewsCount(data.total_reviews)}</span>
            <span aria-hidden="true"> · </span>
            <span>{T.offersCount(data.offer_count)}</span>
          </p>
        </div>
      ) : null}

      <div className="flex flex-col gap-2">
        {/* Decision 026: the entity's sign-up page or a message to it; shown once the entity is read. */}
        {data ? <JoinEntityButton entity={data} className="w-full" /> : null}
        <Link
          to={path}
          state={{ entityName: name }}
          className={buttonClasses({ variant: 'outline' })}
        >
          {T.viewProfile}
        </Link>
      </div>
    </Card>
  );
}
