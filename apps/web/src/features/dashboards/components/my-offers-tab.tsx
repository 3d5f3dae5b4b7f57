import { useState } from 'react';
import type { ReactNode } from 'react';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleX from 'lucide-react/icons/circle-x';
import Globe from 'lucide-react/icons/globe';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Package from 'lucide-react/icons/package';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import Target from 'lucide-react/icons/target';
import Trash2 from 'lucide-react/icons/trash-2';
import { Link } from 'react-router';
import type { Offer, OfferStatus } from '@trustlinks/contract/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDate } from '../../../lib/format-date';
import { formatPayout } from '../../../lib/payout';
import { toast } from '../../../lib/toast';
import { useDeleteOffer } from '../api/delete-offer';
import { useUpdateOfferStatus } from '../api/update-offer-status';
import type { useOwnOffers } from '../api/get-own-offers';
import { DASHBOARD_TEXT, MY_OFFERS_TEXT as T, OFFER_STATUS_LABELS } from '../dashboards-texts';
import { failureMessage, ListError, ListLoading } from './dashboard-parts';

interface MyOffersTabProps {
  query: ReturnType<typeof useOwnOffers>;
  /** A user whose session has no entity cannot have offers (SPEC §8). */
  hasEntity: boolean;
}

/** The entity's own offers, every status, with counts and actions (SPEC §2.14, §2.16 My Offers). */
export function MyOffersTab({ query, hasEntity }: MyOffersTabProps) {
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const remove = useDeleteOffer();

  if (!hasEntity) {
    return <ListError message={DASHBOARD_TEXT.notAuthenticated} />;
  }
  if (query.isPending) return <ListLoading label={T.loading} />;
  if (query.isError) {
    return (
      <ListError
        message={failureMessage(query.error, DASHBOARD_TEXT.fetchOffersFailed)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const offers = query.data.offers;
  if (!offers.length) {
    return (
      <EmptyState
        icon={<Package />}
        title={T.empty}
        description={T.emptyHint}
        className="rounded-xl border border-dashed border-border"
      />
    );
  }

  function handleDelete(offer: Offer) {
    remove.mutate(offer.offer_id, {
      onSuccess: (response) => toast.success(response.message),
      onError: (error) => toast.error(failureMessage(error, T.deleteFailed)),
    });
  }

  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {offers.map((offer) => (
          <li key={offer.offer_id}>
            <OwnOfferCard offer={offer} onDelete={() => setDeleting(offer)} />
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={T.deleteTitle}
        description={deleting ? `${T.deleteBody} (${deleting.title})` : T.deleteBody}
        confirmLabel={T.delete}
        confirmVariant="danger"
        onConfirm={() => {
          if (deleting) handleDelete(deleting);
          setDeleting(null);
        }}
      />
    </>
  );
}

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  // SPEC §2.16: active green, otherwise grey.
  return (
    <Badge variant={status === 'active' ? 'success' : 'neutral'}>
      {OFFER_STATUS_LABELS[status]}
    </Badge>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden="true" className="text-muted-foreground [&_svg]:size-4">
        {icon}
      </span>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-semibold tabular-nums">{value.toLocaleString('en-US')}</dd>
    </div>
  );
}

/**
 * One own offer: the shared OfferCard has no description and no counts, which the dashboards
 * show (SPEC §2.16), so this card is the dashboards' own.
 */
function OwnOfferCard({ offer, onDelete }: { offer: Offer; onDelete: () => void }) {
  const status = useUpdateOfferStatus();
  const busy = status.isPending;

  function change(next: OfferStatus) {
    status.mutate(
      { offerId: offer.offer_id, status: next },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(failureMessage(error, T.statusFailed)),
      },
    );
  }

  const expires = formatDate(offer.expires_at);
  return (
    <Card className="flex h-full flex-col gap-3 p-5">
      <div className="flex flex-wrap items-center gap-2">
        <OfferStatusBadge status={offer.offer_status} />
        {offer.category ? <Badge variant="brand">{offer.category}</Badge> : null}
      </div>
      <div className="min-w-0">
        <h3 className="leading-snug font-semibold break-words">
          <Link
            to={`/offer/${encodeURIComponent(offer.offer_id)}`}
            state={{ offer }}
            className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {offer.title}
          </Link>
        </h3>
        {offer.description ? (
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{offer.description}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="text-xl font-bold tracking-tight">
          {formatPayout(offer.payout_value)}
          <span className="ml-1.5 text-xs font-medium text-muted-foreground">
            {offer.payout_type}
          </span>
        </p>
        <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Globe aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">GEO: </span>
          {offer.target_geo.join(', ')}
        </p>
      </div>
      <dl className="flex flex-wrap gap-x-5 gap-y-2 border-t border-border pt-3">
        <Stat icon={<MousePointerClick />} label={T.clicks} value={offer.click_count ?? 0} />
        <Stat icon={<Target />} label={T.conversions} value={offer.conversion_count ?? 0} />
        {expires ? (
          <div className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="text-sm text-muted-foreground">{T.expires}</dt>
            <dd className="text-sm font-semibold">{expires}</dd>
          </div>
        ) : null}
      </dl>
      <div
        role="group"
        aria-label={`${T.actionsFor} ${offer.title}`}
        className="mt-auto flex flex-wrap gap-2 pt-1"
      >
        {offer.offer_status === 'active' ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => change('paused')}>
            <Pause aria-hidden="true" />
            {T.pause}
          </Button>
        ) : (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => change('active')}>
            <Play aria-hidden="true" />
            {T.activate}
          </Button>
        )}
        {offer.offer_status !== 'closed' ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => change('closed')}>
            <CircleX aria-hidden="true" />
            {T.close}
          </Button>
        ) : null}
        <Button variant="danger" size="sm" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          {T.delete}
        </Button>
      </div>
    </Card>
  );
}
