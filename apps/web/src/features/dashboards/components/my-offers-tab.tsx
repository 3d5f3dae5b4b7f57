import { useState } from 'react';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import CircleX from 'lucide-react/icons/circle-x';
import Globe from 'lucide-react/icons/globe';
import Package from 'lucide-react/icons/package';
import Pencil from 'lucide-react/icons/pencil';
import Pause from 'lucide-react/icons/pause';
import Play from 'lucide-react/icons/play';
import Trash2 from 'lucide-react/icons/trash-2';
import Users from 'lucide-react/icons/users';
import Webhook from 'lucide-react/icons/webhook';
import { Link } from 'react-router';
import type { Offer, OfferStatus } from '@trustlinks/contract/offers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { formatDate } from '../../../lib/format-date';
import { offerPath } from '../../../lib/paths';
import { OfferPayout } from '../../../components/ui/offer-card';
import { toast } from '../../../lib/toast';
import { useDeleteOffer } from '../api/delete-offer';
import { useUpdateOfferStatus } from '../api/update-offer-status';
import { useOwnOffers } from '../api/get-own-offers';
import {
  APPLICATIONS_TEXT,
  DASHBOARD_TEXT,
  EDIT_OFFER_TEXT,
  MY_OFFERS_TEXT as T,
  OFFER_STATUS_LABELS,
  TRACKING_TEXT,
} from '../dashboards-texts';
import { failureMessage, ListError, ListLoading, listStatus } from './dashboard-parts';
import { EditOfferDialog } from './edit-offer-dialog';
import { OfferApplicationsDialog } from './offer-applications-dialog';
import { PostbackDialog } from './postback-dialog';
import { TrackingStats } from './tracking-stats';

interface MyOffersTabProps {
  /** The session's entity. A user whose session has none cannot have offers (docs/product/errors.md). */
  entityId: string | null;
}

/** The entity's own offers, every status, with counts and actions (docs/product/dashboards.md#advertiser-dashboard, docs/product/dashboards.md#network-dashboard My Offers). */
export function MyOffersTab({ entityId }: MyOffersTabProps) {
  const [deleting, setDeleting] = useState<Offer | null>(null);
  const remove = useDeleteOffer();
  const query = useOwnOffers(entityId);

  if (!entityId) {
    return <ListError message={DASHBOARD_TEXT.notAuthenticated} />;
  }
  if (query.isPending) return <ListLoading label={T.loading} />;
  const offers = query.data?.offers ?? [];
  const status = listStatus({
    failed: query.isError ? query : null,
    failedMessage: DASHBOARD_TEXT.fetchOffersFailed,
    count: offers.length,
    empty: { icon: <Package />, title: T.empty, description: T.emptyHint },
  });
  if (status) return status;

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
  // docs/product/dashboards.md#network-dashboard: active green, otherwise grey.
  return (
    <Badge variant={status === 'active' ? 'success' : 'neutral'}>
      {OFFER_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * One own offer: the shared OfferCard has no description and no counts, which the dashboards
 * show (docs/product/dashboards.md#network-dashboard), so this card is the dashboards' own.
 */
function OwnOfferCard({ offer, onDelete }: { offer: Offer; onDelete: () => void }) {
  const status = useUpdateOfferStatus();
  const busy = status.isPending;
  const [showing, setShowing] = useState<'edit' | 'applications' | 'postback' | null>(null);

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
            to={offerPath(offer.slug)}
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
        <OfferPayout offer={offer} />
        <p className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          <Globe aria-hidden="true" className="size-4 shrink-0" />
          <span className="sr-only">GEO: </span>
          {offer.target_geo.join(', ')}
        </p>
      </div>
      <TrackingStats
        clicks={offer.click_count ?? 0}
        conversions={offer.conversion_count ?? 0}
        payoutTotal={offer.payout_total ?? 0}
      >
        {expires ? (
          <div className="flex items-center gap-2">
            <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
            <dt className="text-sm text-muted-foreground">{T.expires}</dt>
            <dd className="text-sm font-semibold">{expires}</dd>
          </div>
        ) : null}
      </TrackingStats>
      <div
        role="group"
        aria-label={`${T.actionsFor} ${offer.title}`}
        className="mt-auto flex flex-wrap gap-2 pt-1"
      >
        <Button variant="outline" size="sm" onClick={() => setShowing('edit')}>
          <Pencil aria-hidden="true" />
          {EDIT_OFFER_TEXT.edit}
        </Button>
        {offer.offer_status === 'active' ? (
          <Button variant="outline" size="sm" disabled={busy} onClick={() => change('paused')}>
            <Pause aria-hidden="true" />
            {T.pause}
          </Button>
        ) : offer.offer_status === 'private' ? null /* runs unlisted (decision 048) */ : (
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
        <Button variant="outline" size="sm" onClick={() => setShowing('applications')}>
          <Users aria-hidden="true" />
          {APPLICATIONS_TEXT.offerApplications}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setShowing('postback')}>
          <Webhook aria-hidden="true" />
          {TRACKING_TEXT.postback}
        </Button>
        <Button variant="danger" size="sm" disabled={busy} onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          {T.delete}
        </Button>
      </div>
      <EditOfferDialog offer={showing === 'edit' ? offer : null} onClose={() => setShowing(null)} />
      <OfferApplicationsDialog
        offer={showing === 'applications' ? offer : null}
        onClose={() => setShowing(null)}
      />
      <PostbackDialog
        offer={showing === 'postback' ? offer : null}
        onClose={() => setShowing(null)}
      />
    </Card>
  );
}
