import ArrowRight from 'lucide-react/icons/arrow-right';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { StarRating } from '../../../components/ui/star-rating';
import { ENTITY_TYPE_LABELS } from '../../../lib/entity-type-labels';
import { payoutParts } from '../../../lib/payout';
import { entityPath, offerPath } from '../../../lib/paths';
import type { AdvertiserGroup } from '../advertiser-groups';
import { ADVERTISERS_WISHLIST_TEXT as T } from '../wishlist-texts';

const SHOWN_OFFERS = 3;
const SHOWN_GEOS = 6;

/** A company looking for affiliates: who it is, what it runs where, and its newest offers. */
export function AdvertiserCard({ group, partial }: { group: AdvertiserGroup; partial: boolean }) {
  const path = entityPath(group.entitySlug);
  const entityState = { entityName: group.name };
  const score = group.entity?.reputation_score ?? 0;
  const totalOffers = group.entity?.offer_count ?? group.offers.length;
  const extraGeos = group.geos.length - SHOWN_GEOS;

  return (
    <Card className="flex h-full flex-col gap-4 p-5">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand text-lg font-semibold text-brand-foreground"
        >
          {group.name.trim().charAt(0).toUpperCase() || '?'}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base leading-snug font-semibold break-words">
            <Link to={path} state={entityState} className="underline-offset-4 hover:underline">
              {group.name}
            </Link>
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <Badge variant="brand">{ENTITY_TYPE_LABELS[group.type]}</Badge>
            <span className="inline-flex items-center gap-1.5">
              <StarRating value={score} />
              <span>{score > 0 ? score.toFixed(1) : T.noRatings}</span>
            </span>
            {group.entity?.country ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5" />
                {group.entity.country}
              </span>
            ) : null}
          </div>
        </div>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <dt className="text-xs font-medium text-muted-foreground">{T.verticals}</dt>
          <dd className="flex flex-wrap gap-1.5">
            {group.categories.map((category) => (
              <Badge key={category} variant="neutral">
                {category}
              </Badge>
            ))}
          </dd>
        </div>
        <div className="flex flex-col gap-1.5">
          <dt className="text-xs font-medium text-muted-foreground">{T.geos}</dt>
          <dd className="flex flex-wrap gap-1.5">
            {group.geos.length ? (
              <>
                {group.geos.slice(0, SHOWN_GEOS).map((geo) => (
                  <Badge key={geo} variant="outline">
                    {geo}
                  </Badge>
                ))}
                {extraGeos > 0 ? <Badge variant="outline">+{extraGeos}</Badge> : null}
              </>
            ) : (
              <span>{T.worldwide}</span>
            )}
          </dd>
        </div>
      </dl>

      <div className="border-t border-border pt-3">
        <h3 className="text-xs font-medium text-muted-foreground">
          {T.activeOffers(group.offers.length, partial)}
        </h3>
        <ul className="mt-2 flex flex-col gap-1">
          {group.offers.slice(0, SHOWN_OFFERS).map((offer) => (
            <li key={offer.offer_id}>
              <Link
                to={offerPath(offer.slug)}
                state={{ offer }}
                className="-mx-2 flex items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
              >
                <span className="min-w-0 truncate font-medium">{offer.title}</span>
                <span className="shrink-0 text-muted-foreground">
                  <span className="font-semibold text-foreground">{payoutParts(offer).amount}</span>{' '}
                  {payoutParts(offer).model}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Link
          to={path}
          state={entityState}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          {totalOffers > SHOWN_OFFERS ? T.viewAll(totalOffers) : T.viewProfile}
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </Card>
  );
}
