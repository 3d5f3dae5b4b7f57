import { useState } from 'react';
import type { ReactNode } from 'react';
import Activity from 'lucide-react/icons/activity';
import BadgeDollarSign from 'lucide-react/icons/badge-dollar-sign';
import FileText from 'lucide-react/icons/file-text';
import Globe from 'lucide-react/icons/globe';
import Layers from 'lucide-react/icons/layers';
import type { OfferRequest } from '@trustlinks/contract/offer-requests';
import { DASHBOARD_FOCUS_PARAM } from '@trustlinks/contract/pages';
import { Badge } from '../../../components/ui/badge';
import type { BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useFocusParam } from '../../../lib/use-tab-param';
import { useMyRequests } from '../api/get-my-requests';
import { DASHBOARD_TEXT, MY_REQUESTS_TEXT as T, REQUEST_STATUS_LABELS } from '../dashboards-texts';
import { volumePerDay } from '../request-display';
import { BidsDialog } from './bids-dialog';
import { DEAL_TEXT } from '../../../components/deals/deal-texts';
import { toast } from '../../../lib/toast';
import { useReopenRequest } from '../api/deal-bids';
import { failureMessage } from './dashboard-parts';
import { ListLoading, listStatus } from './dashboard-parts';

/** docs/product/dashboards.md#affiliate-dashboard: active green, fulfilled blue (the brand's teal here), anything else grey. */
const STATUS_VARIANTS: Record<string, BadgeVariant> = { active: 'success', fulfilled: 'brand' };

export function RequestStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant={STATUS_VARIANTS[status] ?? 'neutral'}>
      {REQUEST_STATUS_LABELS[status] ?? status}
    </Badge>
  );
}

function Detail({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="sr-only">{label}</dt>
      <dd className="flex min-w-0 items-start gap-2 text-sm break-words">
        <span aria-hidden="true" className="mt-0.5 text-muted-foreground [&_svg]:size-4">
          {icon}
        </span>
        <span className="min-w-0">{children}</span>
      </dd>
    </div>
  );
}

/** The caller's own requests in two columns, each with its bids (docs/product/dashboards.md#affiliate-dashboard Requests tab). */
export function MyRequestsTab({ userId }: { userId: string }) {
  const [chosen, setViewing] = useState<OfferRequest | null>(null);
  const query = useMyRequests(userId);
  // A notification's link opens that request's bids (`?request={id}`).
  const [focus, clearFocus] = useFocusParam(DASHBOARD_FOCUS_PARAM.request);
  const focused = focus
    ? (query.data?.requests.find((r) => r.offer_request_id === focus) ?? null)
    : null;
  const viewing = chosen ?? focused;
  const close = () => {
    setViewing(null);
    if (focus) clearFocus();
  };

  if (query.isPending) return <ListLoading label={T.loading} />;
  const requests = query.data?.requests ?? [];
  const status = listStatus({
    failed: query.isError ? query : null,
    failedMessage: DASHBOARD_TEXT.fetchMyRequestsFailed,
    count: requests.length,
    empty: { icon: <FileText />, title: T.empty, description: T.emptyHint },
  });
  if (status) return status;
  return (
    <>
      <ul className="grid gap-4 md:grid-cols-2">
        {requests.map((request) => (
          <li key={request.offer_request_id}>
            <Card className="flex h-full flex-col gap-3 p-5">
              <div className="flex items-start justify-between gap-3">
                <h3 className="leading-snug font-semibold break-words">{request.title}</h3>
                <RequestStatusBadge status={request.request_status} />
              </div>
              <dl className="grid gap-2 sm:grid-cols-2">
                <Detail icon={<Layers />} label={T.vertical}>
                  {request.vertical}
                </Detail>
                <Detail icon={<Globe />} label={T.geos}>
                  {request.geos_targeting.length ? request.geos_targeting.join(', ') : T.worldwide}
                </Detail>
                <Detail icon={<Activity />} label={T.trafficVolume}>
                  {volumePerDay(request.traffic_volume)}
                </Detail>
                <Detail icon={<BadgeDollarSign />} label={T.desiredPayout}>
                  {request.desired_payout_type}
                </Detail>
              </dl>
              {request.request_status === 'fulfilled' ? (
                <p className="text-sm text-muted-foreground">{DEAL_TEXT.reopenHint}</p>
              ) : null}
              <div className="mt-auto flex flex-wrap gap-2 pt-1">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setViewing(request)}
                  aria-label={`${T.viewBids}: ${request.title}`}
                >
                  {T.viewBids}
                  {request.bid_count !== undefined ? (
                    <span className="rounded-full bg-muted px-1.5 text-xs font-semibold tabular-nums">
                      {request.bid_count}
                    </span>
                  ) : null}
                </Button>
                {request.request_status === 'fulfilled' ? <ReopenButton request={request} /> : null}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <BidsDialog request={viewing} onClose={close} />
    </>
  );
}

/** The owner reopens a request an accepted counter offer closed (docs/decisions/048-agreed-terms.md). */
function ReopenButton({ request }: { request: OfferRequest }) {
  const reopen = useReopenRequest();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={reopen.isPending}
      aria-label={DEAL_TEXT.reopenFor(request.title)}
      onClick={() =>
        reopen.mutate(request.offer_request_id, {
          onSuccess: (res) => toast.success(res.message),
          onError: (error) => toast.error(failureMessage(error, DEAL_TEXT.reopenFailed)),
        })
      }
    >
      {DEAL_TEXT.reopen}
    </Button>
  );
}
