import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Tabs } from '../../../components/ui/tabs';
import type { Session } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAvailableOffers } from '../api/get-available-offers';
import { useMyRequests } from '../api/get-my-requests';
import { useOpenRequests } from '../api/get-open-requests';
import { useApplications } from '../api/get-applications';
import { useOwnOffers } from '../api/get-own-offers';
import { AvailableOffersTab } from '../components/available-offers-tab';
import { CreateOfferDialog } from '../components/create-offer-dialog';
import { CreateRequestDialog } from '../components/create-request-dialog';
import {
  DashboardHeader,
  LoadErrorBanner,
  ReviewsPlaceholder,
  TabLabel,
} from '../components/dashboard-parts';
import type { DashboardPageProps } from '../components/dashboard-parts';
import { MyApplicationsTab } from '../components/my-applications-tab';
import { MyOffersTab } from '../components/my-offers-tab';
import { MyRequestsTab } from '../components/my-requests-tab';
import { OpenRequestsTab } from '../components/open-requests-tab';
import { ReceivedApplications } from '../components/received-applications';
import { RoleGate } from '../components/role-gate';
import {
  APPLICATIONS_TEXT,
  CREATE_OFFER_TEXT,
  CREATE_REQUEST_TEXT,
  DASHBOARD_TEXT as T,
  ROLE_DASHBOARD_TEXT,
} from '../dashboards-texts';
import { useTabParam } from '../use-tab-param';

const TEXT = ROLE_DASHBOARD_TEXT.network;

const TABS = [
  'offers',
  'applications',
  'requests',
  'open-requests',
  'available',
  'my-applications',
  'reviews',
] as const;
type NetworkTab = (typeof TABS)[number];

/**
 * Network dashboard (docs/product/dashboards.md#network-dashboard): the offers it owns, the requests it created (with bids), the
 * open requests of other entities (counter offers), all available offers (apply) and reviews.
 */
export function NetworkDashboardPage({ reviewsTab }: DashboardPageProps) {
  useDocumentTitle(TEXT.title);
  return (
    <RoleGate role="network">
      {(session) => <NetworkDashboard session={session} reviewsTab={reviewsTab} />}
    </RoleGate>
  );
}

function NetworkDashboard({ session, reviewsTab }: DashboardPageProps & { session: Session }) {
  const [tab, setTab] = useTabParam(TABS);
  const [creatingOffer, setCreatingOffer] = useState(false);
  const [creatingRequest, setCreatingRequest] = useState(false);
  const entityId = session.user.entity_id;
  const offers = useOwnOffers(entityId);
  const myRequests = useMyRequests(session.user.user_id);
  const openRequests = useOpenRequests(entityId);
  const available = useAvailableOffers();
  // The Applications tab's badge: how many wait for a decision (the tab's first page, shared).
  const pending = useApplications({ kind: 'received', status: 'pending' }, 1, Boolean(entityId));

  return (
    <Container className="py-8 sm:py-12">
      <DashboardHeader
        title={TEXT.title}
        subtitle={TEXT.subtitle}
        actions={
          <>
            <Button onClick={() => setCreatingOffer(true)}>{T.createOfferButton}</Button>
            <Button variant="outline" onClick={() => setCreatingRequest(true)}>
              {T.createRequestButton}
            </Button>
          </>
        }
      />
      <div className="mt-6">
        <LoadErrorBanner queries={[offers, myRequests, openRequests, available]} />
      </div>
      <Tabs<NetworkTab>
        className="mt-6"
        label={T.tabsLabel}
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'offers',
            label: <TabLabel label={T.tabMyOffers} count={offers.data?.offers.length} />,
            heading: T.tabMyOffers,
            content: <MyOffersTab query={offers} hasEntity={Boolean(entityId)} />,
          },
          {
            value: 'applications',
            label: (
              <TabLabel
                label={APPLICATIONS_TEXT.tabReceived}
                count={pending.data?.pagination.total}
              />
            ),
            heading: APPLICATIONS_TEXT.tabReceived,
            content: <ReceivedApplications />,
          },
          {
            value: 'requests',
            label: <TabLabel label={T.tabMyRequests} count={myRequests.data?.requests.length} />,
            heading: T.tabMyRequests,
            content: <MyRequestsTab query={myRequests} />,
          },
          {
            value: 'open-requests',
            label: T.tabOfferRequests,
            heading: T.tabOfferRequests,
            content: <OpenRequestsTab query={openRequests} entityId={entityId} />,
          },
          {
            value: 'available',
            label: T.tabAvailableOffers,
            heading: T.tabAvailableOffers,
            content: <AvailableOffersTab query={available} ownEntityId={entityId} />,
          },
          {
            value: 'my-applications',
            label: APPLICATIONS_TEXT.tabMine,
            heading: APPLICATIONS_TEXT.tabMine,
            content: <MyApplicationsTab />,
          },
          { value: 'reviews', label: T.tabReviews, content: reviewsTab ?? <ReviewsPlaceholder /> },
        ]}
      />
      <CreateOfferDialog
        open={creatingOffer}
        onOpenChange={setCreatingOffer}
        title={CREATE_OFFER_TEXT.networkTitle}
        entityId={entityId}
      />
      <CreateRequestDialog
        open={creatingRequest}
        onOpenChange={setCreatingRequest}
        submittingLabel={CREATE_REQUEST_TEXT.submittingNetwork}
        entityId={entityId}
      />
    </Container>
  );
}
