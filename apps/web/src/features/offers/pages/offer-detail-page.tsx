import { useLocation, useParams } from 'react-router';
import { Card } from '../../../components/ui/card';
import { DetailLoadFailure } from '../../../components/ui/detail-load-failure';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { ApiClientError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { offerPath } from '../../../lib/paths';
import { useCanonicalAddress } from '../../../lib/use-canonical-address';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOffer } from '../../../lib/api/offers';
import { OfferBreadcrumb } from '../components/offer-breadcrumb';
import { OfferDetailView } from '../components/offer-detail-view';
import { offerFromNavigationState } from '../offer-display';
import { OFFER_DETAIL_TEXT as T } from '../offers-texts';

/**
 * Offer detail (docs/product/offers.md#offer-page), readable without login. Uses the offer passed in navigation state
 * (from the explorer or an entity page) if present; otherwise loads GET /offers/{id}, with the
 * stored token when logged in, so owners also see their paused offers.
 */
export function OfferDetailPage() {
  const { offerId = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const passed = offerFromNavigationState(location.state, offerId);
  const query = useOffer(offerId, session?.user.user_id ?? null, !passed);
  const offer = passed ?? query.data?.offer ?? null;
  useCanonicalAddress(offerId, offer && offerPath(offer.slug));
  useDocumentTitle(offer?.title ?? T.documentTitle);

  if (offer) {
    return (
      <Container className="py-8 sm:py-10">
        <OfferDetailView offer={offer} />
      </Container>
    );
  }

  if (query.isError) {
    const status = query.error instanceof ApiClientError ? query.error.status : 0;
    const notFound = status === 404;
    return (
      <DetailLoadFailure
        notFound={notFound}
        texts={T}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        back={{ to: '/offers', label: T.backToOffers }}
      />
    );
  }

  return (
    <Container className="py-8 sm:py-10" aria-busy="true">
      <OfferBreadcrumb current={<Skeleton className="h-4 w-40" />} />
      <h1 className="sr-only">{T.loadingHeading}</h1>
      <p role="status" className="sr-only">
        {T.loading}
      </p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="flex flex-col gap-6">
          <Card className="flex flex-col gap-3 p-6">
            <Skeleton className="h-5 w-24 rounded-full" />
            <Skeleton className="h-8 w-3/4" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="mt-2 h-20 w-full rounded-xl" />
          </Card>
          <Skeleton className="h-40 rounded-xl" />
        </div>
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </Container>
  );
}
