import Award from 'lucide-react/icons/award';
import Globe from 'lucide-react/icons/globe';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Wallet from 'lucide-react/icons/wallet';
import { Badge } from '../../../components/ui/badge';
import { OFFER_REQUESTS } from '../landing-content';
import { CardAction, CardGridSection, DetailRow } from './section-heading';

export function OfferRequestsSection() {
  const { labels } = OFFER_REQUESTS;
  return (
    <CardGridSection
      id="offer-requests"
      className="bg-muted/50 py-16 sm:py-20"
      content={OFFER_REQUESTS}
      gridClassName="md:grid-cols-3"
      items={OFFER_REQUESTS.requests}
      itemKey={(request) => request.vertical}
    >
      {(request) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
                Vertical
              </p>
              <h3 className="mt-0.5 text-lg font-semibold">{request.vertical}</h3>
            </div>
            <Badge variant={request.urgency === 'High' ? 'danger' : 'warning'}>
              <span className="sr-only">{labels.urgency}: </span>
              {request.urgency}
            </Badge>
          </div>
          <dl className="mt-4 flex flex-col gap-2.5 border-t border-border pt-4">
            <DetailRow icon={<Globe aria-hidden="true" />} label={labels.geo} value={request.geo} />
            <DetailRow
              icon={<MousePointerClick aria-hidden="true" />}
              label={labels.trafficType}
              value={request.trafficType}
            />
            <DetailRow
              icon={<Wallet aria-hidden="true" />}
              label={labels.budget}
              value={request.budget}
            />
            <DetailRow
              icon={<Award aria-hidden="true" />}
              label={labels.experience}
              value={request.experience}
            />
          </dl>
          <CardAction
            link={OFFER_REQUESTS.submit}
            name={`${request.vertical}, ${request.geo}`}
            variant="outline"
          />
        </>
      )}
    </CardGridSection>
  );
}
