import BadgeCheck from 'lucide-react/icons/badge-check';
import Clock from 'lucide-react/icons/clock';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import Package from 'lucide-react/icons/package';
import Star from 'lucide-react/icons/star';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { ReactNode } from 'react';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Card } from '../../../components/ui/card';
import { entityStanding, ratingText } from '../entity-display';
import { ENTITY_DETAIL_TEXT as T } from '../entities-texts';

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  // A <dl> may only hold dt/dd pairs (each pair optionally in one <div>): the icon sits inside the
  // <dt>, hidden from assistive technology and placed in the card's left padding.
  return (
    <Card className="relative flex min-h-[4.5rem] flex-col justify-center py-4 pr-4 pl-17">
      <dt className="text-xs font-medium text-muted-foreground">
        <span
          aria-hidden="true"
          className="absolute top-1/2 left-4 flex size-10 -translate-y-1/2 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground [&_svg]:size-5"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-xl font-semibold tracking-tight">{value}</dd>
    </Card>
  );
}

/** Active Offers, Rating, Reviews, Status (docs/product/entities.md#entity-page). */
export function EntityStatCards({ entity }: { entity: PublicEntity }) {
  // Under an active warning the tile is no green 'Verified' (docs/decisions/027): the warning is the news.
  const standing = entityStanding(entity);
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label={T.statActiveOffers} value={entity.offer_count} icon={<Package />} />
      <StatCard label={T.statRating} value={ratingText(entity) ?? T.notAvailable} icon={<Star />} />
      <StatCard label={T.statReviews} value={entity.total_reviews} icon={<MessageSquareText />} />
      <StatCard
        label={T.statStatus}
        value={{ warned: T.underWarning, verified: T.verified, pending: T.pending }[standing]}
        icon={{ warned: <TriangleAlert />, verified: <BadgeCheck />, pending: <Clock /> }[standing]}
      />
    </dl>
  );
}
