import Globe from 'lucide-react/icons/globe';
import TrendingUp from 'lucide-react/icons/trending-up';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';
import { TOP_OFFERS } from '../landing-content';
import type { SampleOffer } from '../landing-content';
import { CardAction, CardGridSection, DetailRow } from './section-heading';

const TIER_BADGE: Record<SampleOffer['tier'], BadgeVariant> = {
  Elite: 'warning',
  Premium: 'brand',
  Standard: 'neutral',
};

export function TopOffersSection() {
  return (
    <CardGridSection
      id="top-offers"
      className="pt-8 pb-16 sm:pt-10 sm:pb-20"
      content={TOP_OFFERS}
      gridClassName="sm:grid-cols-2 lg:grid-cols-4"
      items={TOP_OFFERS.offers}
      itemKey={(offer) => offer.title}
    >
      {(offer) => (
        <>
          <div className="flex items-center justify-between gap-2">
            <Badge variant="brand">{offer.category}</Badge>
            <Badge variant={TIER_BADGE[offer.tier]}>{offer.tier}</Badge>
          </div>
          <div className="mt-4 sm:min-h-17">
            <h3 className="line-clamp-2 leading-snug font-semibold text-balance">{offer.title}</h3>
            <p className="mt-0.5 text-sm text-muted-foreground">{offer.network}</p>
          </div>
          <p className="mt-4 text-2xl font-bold tracking-tight">
            <span className="sr-only">{TOP_OFFERS.labels.payout}: </span>
            {offer.payout}
          </p>
          <dl className="mt-3 flex flex-col gap-2 border-t border-border pt-3">
            <DetailRow
              icon={<Globe aria-hidden="true" />}
              label={TOP_OFFERS.labels.geo}
              value={offer.geo}
            />
            <DetailRow
              icon={<TrendingUp aria-hidden="true" />}
              label={TOP_OFFERS.labels.conversion}
              value={offer.conversionRate}
            />
          </dl>
          <CardAction link={TOP_OFFERS.apply} name={offer.title} variant="primary" />
        </>
      )}
    </CardGridSection>
  );
}
