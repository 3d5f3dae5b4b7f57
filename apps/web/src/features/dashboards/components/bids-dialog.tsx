import { ThreadButton } from '../../../components/threads/thread-button';
import { useState } from 'react';
import Building2 from 'lucide-react/icons/building-2';
import Check from 'lucide-react/icons/check';
import X from 'lucide-react/icons/x';
import { Link } from 'react-router';
import { bidAmountLabel, REQUEST_LIMITS } from '@trustlinks/contract/offer-requests';
import { DEAL_TEXT } from '../../../components/deals/deal-texts';
import type { Bid, BidDecision, OfferRequest } from '@trustlinks/contract/offer-requests';
import { TextAreaField } from '../../../components/ui/form-field';
import { entityPath, offerPath } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useDecideBid } from '../api/decide-bid';
import { Badge } from '../../../components/ui/badge';
import { TrustLine } from '../../../components/ui/trust-line';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTime } from '../../../lib/format-date';
import { useRequestBids } from '../api/get-request-bids';
import { BIDS_TEXT as T } from '../dashboards-texts';
import { DIALOG_CLOSE_LABEL, failureMessage, ListQueryPending } from './dashboard-parts';

interface BidsDialogProps {
  request: OfferRequest | null;
  onClose: () => void;
}

/** 'View Bids' (docs/product/dashboards.md#affiliate-dashboard; its behaviour is ours): the counter offers on one own request. */
export function BidsDialog({ request, onClose }: BidsDialogProps) {
  return (
    <Dialog open={request !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {request ? (
        <DialogContent
          closeLabel={DIALOG_CLOSE_LABEL}
          title={T.title}
          description={`${T.description} “${request.title}”`}
          footer={
            <DialogClose asChild>
              <Button variant="outline">{T.close}</Button>
            </DialogClose>
          }
        >
          <BidList requestId={request.offer_request_id} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function BidList({ requestId }: { requestId: string }) {
  const query = useRequestBids(requestId);
  if (query.isPending || query.isError) return <ListQueryPending query={query} texts={T} />;
  const bids = query.data.bids;
  if (!bids.length) return <EmptyState title={T.empty} className="py-8" />;
  return (
    <ul className="flex flex-col gap-3">
      {bids.map((bid) => (
        <li key={bid.bid_id} className="rounded-lg border border-border p-4">
          <BidItem bid={bid} />
        </li>
      ))}
    </ul>
  );
}

const STATUS_VARIANT = { accepted: 'success', declined: 'danger', open: 'brand' } as const;

/** One bid: who, how much in which payout model, the offer behind it, and its answer (docs/decisions/030). */
function BidItem({ bid }: { bid: Bid }) {
  const [note, setNote] = useState('');
  const decide = useDecideBid();
  const label = T.statuses[bid.status as keyof typeof T.statuses] ?? bid.status;

  function answer(status: BidDecision) {
    decide.mutate(
      { bidId: bid.bid_id, status, note },
      {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) => toast.error(failureMessage(error, T.decideFailed)),
      },
    );
  }

  return (
    <article aria-label={`${T.bidFrom} ${bid.entity_name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-semibold">
            <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            {bid.entity_slug ? (
              <Link
                to={entityPath(bid.entity_slug)}
                className="break-words underline-offset-4 hover:underline"
              >
                {bid.entity_name}
              </Link>
            ) : (
              <span className="break-words">{bid.entity_name}</span>
            )}
          </p>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge variant="outline" className="capitalize">
              {bid.entity_type}
            </Badge>
            <Badge variant={STATUS_VARIANT[bid.status as keyof typeof STATUS_VARIANT] ?? 'neutral'}>
              {label}
            </Badge>
            <TrustLine trust={bid.entity_trust} />
          </div>
        </div>
        <div className="text-right">
          <p className="text-xs text-muted-foreground">{T.amount}</p>
          <p className="text-lg font-bold tabular-nums">
            {bidAmountLabel(bid.bid_amount, bid.payout_type)}
          </p>
        </div>
      </div>
      {bid.offer ? (
        <p className="mt-3 text-sm">
          <span className="text-xs font-medium text-muted-foreground">{T.offer} </span>
          <Link to={offerPath(bid.offer.slug)} className="font-medium underline underline-offset-4">
            {bid.offer.title}
          </Link>
        </p>
      ) : null}
      {bid.bid_notes ? (
        <div className="mt-3">
          <p className="text-xs font-medium text-muted-foreground">{T.notes}</p>
          <p className="mt-0.5 text-sm whitespace-pre-line break-words">{bid.bid_notes}</p>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-muted-foreground">
        {T.received} <time dateTime={bid.created_at}>{formatDateTime(bid.created_at)}</time>
      </p>
      <div className="mt-2">
        <ThreadButton kind="bid" id={bid.bid_id} title={bid.entity_name} />
      </div>
      {bid.status === 'open' ? (
        <div className="mt-3 flex flex-col gap-2">
          <TextAreaField
            label={T.decisionNote}
            labelSuffix={T.optional}
            rows={2}
            maxLength={REQUEST_LIMITS.bidNotesMax}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={decide.isPending} onClick={() => answer('accepted')}>
              <Check aria-hidden="true" />
              {T.accept}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={decide.isPending}
              onClick={() => answer('declined')}
            >
              <X aria-hidden="true" />
              {T.decline}
            </Button>
          </div>
          {bid.offer ? <p className="text-xs text-muted-foreground">{T.acceptHint}</p> : null}
        </div>
      ) : (
        <>
          {bid.decision_note ? (
            <p className="mt-2 text-sm">
              <span className="text-xs font-medium text-muted-foreground">{T.yourNote} </span>
              {bid.decision_note}
            </p>
          ) : null}
          {bid.application_id ? (
            <p className="mt-2 text-sm">{T.trackingStarted}</p>
          ) : bid.status === 'accepted' ? (
            <p className="mt-2 text-sm">{DEAL_TEXT.waitingForBidder}</p>
          ) : null}
        </>
      )}
    </article>
  );
}
