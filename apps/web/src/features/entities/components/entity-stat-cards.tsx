import BadgeCheck from 'lucide-react/icons/badge-check';
import Clock from 'lucide-react/icons/clock';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import Package from 'lucide-react/icons/package';
import Star from 'lucide-react/icons/star';
import type { ReactNode } from 'react';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Card } from '../../../components/ui/card';
import { ratingText } from '../entity-display';
import { ENTITY_DETAIL_TEXT as T } from '../entities-texts';

function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-soft-foreground [&_svg]:size-5"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
        <dd className="text-xl font-semibold tracking-tight">{value}</dd>
      </div>
    </Card>
  );
}

/** Active Offers, Rating, Reviews, Status (SPEC §2.20). */
export function EntityStatCards({ entity }: { entity: PublicEntity }) {
  const verified = entity.verification_status === 'approved';
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label={T.statActiveOffers} value={entity.offer_count} icon={<Package />} />
      <StatCard label={T.statRating} value={ratingText(entity) ?? T.notAvailable} icon={<Star />} />
      <StatCard label={T.statReviews} value={entity.total_reviews} icon={<MessageSquareText />} />
      <StatCard
        label={T.statStatus}
        value={verified ? T.verified : T.pending}
        icon={verified ? <BadgeCheck /> : <Clock />}
      />
    </dl>
  );
}
