import Globe from 'lucide-react/icons/globe';
import Tag from 'lucide-react/icons/tag';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { summarizeGeos } from '../../../components/ui/offer-card';
import { TrustLine } from '../../../components/ui/trust-line';
import { entityPath, offerPath } from '../../../lib/paths';
import { formatPayout } from '../../../lib/payout';
import { useLanding } from '../api/get-landing';
import { TOP_OFFERS } from '../landing-content';
import { CardGridSection, DetailRow } from './section-heading';

/** The most clicked active offers; 'Apply Now' opens the offer, where 'Run This Offer' is. */
export function TopOffersSection() {
  const { data } = useLanding();
  return (
    <CardGridSection
      id="top-offers"
      className="pt-8 pb-16 sm:pt-10 sm:pb-20"
      content={TOP_OFFERS}
      gridClassName="sm:grid-cols-2 lg:grid-cols-4"
      items={data?.top_offers}
      loadingCount={4}
      empty={TOP_OFFERS.empty}
      itemKey={(offer) => offer.offer_id}
    >
      {(offer) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <TrustLine trust={offer.entity_trust} />
            <Badge variant="neutral">{offer.payout_type}</Badge>
          </div>
          <div className="mt-4 sm:min-h-17">
            <h3 className="line-clamp-2 leading-snug font-semibold">{offer.title}</h3>
            <p className="mt-0.5 text-sm text-muted-foreground">
              <Link
                to={entityPath(offer.entity_slug)}
                className="rounded-sm hover:text-foreground hover:underline"
              >
                {offer.entity_name}
              </Link>
            </p>
          </div>
          <p className="mt-4 text-2xl font-bold tracking-tight">
            <span className="sr-only">{TOP_OFFERS.labels.payout}: </span>
            {formatPayout(offer)}
          </p>
          <dl className="mt-3 flex flex-col gap-2 border-t border-border pt-3">
            <DetailRow
              icon={<Globe aria-hidden="true" />}
              label={TOP_OFFERS.labels.geo}
              value={summarizeGeos(offer.target_geo)}
            />
            <DetailRow
              icon={<Tag aria-hidden="true" />}
              label={TOP_OFFERS.labels.category}
              value={offer.category}
            />
          </dl>
          <div className="mt-auto pt-5">
            <Link
              to={offerPath(offer.slug)}
              state={{ offer }}
              className={buttonClasses({ variant: 'primary', className: 'w-full' })}
              aria-label={`${TOP_OFFERS.apply.label}: ${offer.title}`}
            >
              {TOP_OFFERS.apply.label}
            </Link>
          </div>
        </>
      )}
    </CardGridSection>
  );
}
