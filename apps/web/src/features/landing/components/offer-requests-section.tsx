import Gauge from 'lucide-react/icons/gauge';
import Globe from 'lucide-react/icons/globe';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Wallet from 'lucide-react/icons/wallet';
import { Badge } from '../../../components/ui/badge';
import { useLanding } from '../api/get-landing';
import { OFFER_REQUESTS } from '../landing-content';
import { CardAction, CardGridSection, DetailRow } from './section-heading';
import { formatCount } from '../../../lib/format-number';

const PRIORITY_BADGE = { high: 'danger', medium: 'warning', low: 'neutral' } as const;

/** The newest open offer requests of the wishlist. */
export function OfferRequestsSection() {
  const { labels } = OFFER_REQUESTS;
  const { data } = useLanding();
  return (
    <CardGridSection
      id="offer-requests"
      className="bg-muted/50 py-16 sm:py-20"
      content={OFFER_REQUESTS}
      gridClassName="md:grid-cols-3"
      items={data?.offer_requests}
      loadingCount={3}
      empty={OFFER_REQUESTS.empty}
      itemKey={(request) => request.offer_request_id}
    >
      {(request) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                {labels.vertical}
              </p>
              <h3 className="mt-0.5 truncate text-lg font-semibold">{request.vertical}</h3>
              <p className="truncate text-sm text-muted-foreground">{request.entity_name}</p>
            </div>
            <Badge variant={PRIORITY_BADGE[request.priority]}>
              <span className="sr-only">{labels.priority}: </span>
              {OFFER_REQUESTS.priority[request.priority]}
            </Badge>
          </div>
          <dl className="mt-4 flex flex-col gap-2.5 border-t border-border pt-4">
            <DetailRow
              icon={<Globe aria-hidden="true" />}
              label={labels.geo}
              value={request.geos_targeting.join(', ')}
            />
            <DetailRow
              icon={<MousePointerClick aria-hidden="true" />}
              label={labels.trafficType}
              value={request.traffic_type.join(', ')}
            />
            <DetailRow
              icon={<Gauge aria-hidden="true" />}
              label={labels.volume}
              value={formatCount(request.traffic_volume)}
            />
            <DetailRow
              icon={<Wallet aria-hidden="true" />}
              label={labels.payout}
              value={request.desired_payout_type}
            />
          </dl>
          <CardAction
            link={OFFER_REQUESTS.submit}
            name={`${request.vertical}, ${request.entity_name}`}
            variant="outline"
          />
        </>
      )}
    </CardGridSection>
  );
}
