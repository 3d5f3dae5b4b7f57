import Globe from 'lucide-react/icons/globe';
import TrendingUp from 'lucide-react/icons/trending-up';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { TOP_OFFERS } from '../landing-content';
import type { SampleOffer } from '../landing-content';
import { DetailRow, SectionHeading } from './section-heading';

const TIER_BADGE: Record<SampleOffer['tier'], BadgeVariant> = {
  Elite: 'warning',
  Premium: 'brand',
  Standard: 'neutral',
};

export function TopOffersSection() {
  return (
    <section
      id="top-offers"
      aria-labelledby="top-offers-title"
      className="pt-8 pb-16 sm:pt-10 sm:pb-20"
    >
      <Container>
        <SectionHeading
          id="top-offers-title"
          title={TOP_OFFERS.title}
          subtitle={TOP_OFFERS.subtitle}
          link={TOP_OFFERS.viewAll}
        />
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {TOP_OFFERS.offers.map((offer) => (
            <li key={offer.title}>
              <Card className="flex h-full flex-col p-5">
                <div className="flex items-center justify-between gap-2">
                  <Badge variant="brand">{offer.category}</Badge>
                  <Badge variant={TIER_BADGE[offer.tier]}>{offer.tier}</Badge>
                </div>
                <div className="mt-4 sm:min-h-17">
                  <h3 className="line-clamp-2 leading-snug font-semibold text-balance">
                    {offer.title}
                  </h3>
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
                <div className="mt-auto pt-5">
                  <Link
                    to={TOP_OFFERS.apply.to}
                    className={buttonClasses({ variant: 'primary', className: 'w-full' })}
                    aria-label={`${TOP_OFFERS.apply.label}: ${offer.title}`}
                  >
                    {TOP_OFFERS.apply.label}
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
