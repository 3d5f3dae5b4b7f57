import { ThreadButton } from '../../../components/threads/thread-button';
import { useCallback, useState } from 'react';
import Activity from 'lucide-react/icons/activity';
import Globe from 'lucide-react/icons/globe';
import Handshake from 'lucide-react/icons/handshake';
import Inbox from 'lucide-react/icons/inbox';
import Wallet from 'lucide-react/icons/wallet';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { DASHBOARD_FOCUS_PARAM } from '@trustlinks/contract/pages';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { useFocusParam } from '../../../lib/use-tab-param';
import { useOpenRequests } from '../api/get-open-requests';
import { DASHBOARD_TEXT, OTHERS_REQUESTS_TEXT as T } from '../dashboards-texts';
import { budgetText, volumePerDay } from '../request-display';
import { CounterOfferDialog } from './counter-offer-dialog';
import { ListError, ListLoading, listStatus, LoadMore } from './dashboard-parts';

interface OpenRequestsTabProps {
  entityId: string | null;
}

/**
 * The open requests of other entities (own excluded by the API), each with 'Submit Counter Offer'
 * (docs/product/dashboards.md#advertiser-dashboard "offer requests of others", docs/product/dashboards.md#network-dashboard).
 */
export function OpenRequestsTab({ entityId }: OpenRequestsTabProps) {
  const [bidding, setBidding] = useState<OfferRequest | null>(null);
  const query = useOpenRequests(entityId);
  // A notification's link names the request it is about (`?request={id}`): shown marked, in view.
  const [focus] = useFocusParam(DASHBOARD_FOCUS_PARAM.request);
  const focusedRef = useCallback((node: HTMLLIElement | null) => {
    node?.scrollIntoView({ block: 'center' });
  }, []);

  if (!entityId) return <ListError message={DASHBOARD_TEXT.notAuthenticated} />;
  if (query.isPending) return <ListLoading label={T.loading} />;
  const requests = query.data?.pages.flatMap((page) => page.requests) ?? [];
  const status = listStatus({
    failed: query.isError && !requests.length ? query : null,
    failedMessage: DASHBOARD_TEXT.fetchRequestsFailed,
    count: requests.length,
    empty: { icon: <Inbox />, title: T.empty },
  });
  if (status) return status;
  return (
    <>
      <h2 className="sr-only">{T.heading}</h2>
      <ul className="grid gap-4 md:grid-cols-2">
        {requests.map((request) => {
          const budget = budgetText(request.budget_range);
          return (
            <li
              key={request.offer_request_id}
              {...(request.offer_request_id === focus
                ? { ref: focusedRef, 'aria-current': true as const }
                : {})}
            >
              <Card
                className={cn(
                  'flex h-full flex-col gap-3 p-5',
                  request.offer_request_id === focus && 'ring-2 ring-primary',
                )}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="leading-snug font-semibold break-words">{request.title}</h3>
                    <p className="mt-0.5 text-sm text-muted-foreground">
                      {T.by} {request.entity_name} · {formatDate(request.created_at)}
                    </p>
                  </div>
                  <Badge variant="brand" className="shrink-0">
                    {request.vertical}
                  </Badge>
                </div>
                <ul className="flex flex-col gap-1.5 text-sm">
                  <li className="flex items-center gap-2">
                    <Globe aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    {request.geos_targeting.join(', ')}
                  </li>
                  <li className="flex items-center gap-2">
                    <Activity
                      aria-hidden="true"
                      className="size-4 shrink-0 text-muted-foreground"
                    />
                    {volumePerDay(request.traffic_volume)} · {request.desired_payout_type}
                  </li>
                  {budget ? (
                    <li className="flex items-center gap-2">
                      <Wallet
                        aria-hidden="true"
                        className="size-4 shrink-0 text-muted-foreground"
                      />
                      {T.budget}: {budget}
                    </li>
                  ) : null}
                </ul>
                {request.notes ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground">{request.notes}</p>
                ) : null}
                <div className="mt-auto flex flex-wrap gap-2 pt-1">
                  <Button
                    size="sm"
                    onClick={() => setBidding(request)}
                    aria-label={`${T.submitCounterOffer}: ${request.title}`}
                  >
                    <Handshake aria-hidden="true" />
                    {T.submitCounterOffer}
                  </Button>
                  <ThreadButton
                    kind="request"
                    id={request.offer_request_id}
                    title={request.title}
                  />
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
      <LoadMore query={query} />
      <CounterOfferDialog request={bidding} onClose={() => setBidding(null)} entityId={entityId} />
    </>
  );
}
