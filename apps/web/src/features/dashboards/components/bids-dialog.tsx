import Building2 from 'lucide-react/icons/building-2';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDateTime } from '../../../lib/format-date';
import { useRequestBids } from '../api/get-request-bids';
import { BIDS_TEXT as T } from '../dashboards-texts';
import { formatMoney } from '../request-display';
import { DIALOG_CLOSE_LABEL, failureMessage, ListError, ListLoading } from './dashboard-parts';

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
  if (query.isPending) return <ListLoading label={T.loading} />;
  if (query.isError) {
    return (
      <ListError
        message={failureMessage(query.error, T.failed)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const bids = query.data.bids;
  if (!bids.length) return <EmptyState title={T.empty} className="py-8" />;
  return (
    <ul className="flex flex-col gap-3">
      {bids.map((bid) => (
        <li key={bid.bid_id} className="rounded-lg border border-border p-4">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="flex items-center gap-2 font-semibold">
                <Building2 aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                <span className="break-words">{bid.entity_name}</span>
              </p>
              <Badge variant="outline" className="mt-1 capitalize">
                {bid.entity_type}
              </Badge>
            </div>
            <div className="text-right">
              <p className="text-xs text-muted-foreground">{T.amount}</p>
              <p className="text-lg font-bold tabular-nums">{formatMoney(bid.bid_amount)}</p>
            </div>
          </div>
          {bid.bid_notes ? (
            <div className="mt-3">
              <p className="text-xs font-medium text-muted-foreground">{T.notes}</p>
              <p className="mt-0.5 text-sm whitespace-pre-line break-words">{bid.bid_notes}</p>
            </div>
          ) : null}
          <p className="mt-3 text-xs text-muted-foreground">
            {T.received} <time dateTime={bid.created_at}>{formatDateTime(bid.created_at)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
