import Award from 'lucide-react/icons/award';
import Globe from 'lucide-react/icons/globe';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Wallet from 'lucide-react/icons/wallet';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { OFFER_REQUESTS } from '../landing-content';
import { DetailRow, SectionHeading } from './section-heading';

export function OfferRequestsSection() {
  const { labels } = OFFER_REQUESTS;
  return (
    <section
      id="offer-requests"
      aria-labelledby="offer-requests-title"
      className="bg-muted/50 py-16 sm:py-20"
    >
      <Container>
        <SectionHeading
          id="offer-requests-title"
          title={OFFER_REQUESTS.title}
          subtitle={OFFER_REQUESTS.subtitle}
          link={OFFER_REQUESTS.viewAll}
        />
        <ul className="mt-8 grid gap-5 md:grid-cols-3">
          {OFFER_REQUESTS.requests.map((request) => (
            <li key={request.vertical}>
              <Card className="flex h-full flex-col p-5">
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
                  <DetailRow
                    icon={<Globe aria-hidden="true" />}
                    label={labels.geo}
                    value={request.geo}
                  />
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
                <div className="mt-auto pt-5">
                  <Link
                    to={OFFER_REQUESTS.submit.to}
                    className={buttonClasses({ variant: 'outline', className: 'w-full' })}
                    aria-label={`${OFFER_REQUESTS.submit.label}: ${request.vertical}, ${request.geo}`}
                  >
                    {OFFER_REQUESTS.submit.label}
                  </Link>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
