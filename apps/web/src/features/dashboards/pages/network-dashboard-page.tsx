import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAvailableOffers } from '../api/get-available-offers';
import { useMyRequests } from '../api/get-my-requests';
import { useOpenRequests } from '../api/get-open-requests';
import { useOwnOffers } from '../api/get-own-offers';
import { CreateOfferDialog } from '../components/create-offer-dialog';
import { CreateRequestDialog } from '../components/create-request-dialog';
import type { DashboardPageProps, RoleDashboardBodyProps } from '../components/dashboard-parts';
import { resultsTab } from '../components/results-tab';
import {
  availableOffersTab,
  myApplicationsTab,
  myRequestsTab,
  openRequestsTab,
  RoleDashboard,
  RoleDashboardPage,
  messagesTab,
  offerOwnerTabs,
} from '../components/role-dashboard';
import { CREATE_OFFER_TEXT, CREATE_REQUEST_TEXT, DASHBOARD_TEXT as T } from '../dashboards-texts';

/**
 * Network dashboard (docs/product/dashboards.md#network-dashboard): the offers it owns, the requests it created (with bids), the
 * open requests of other entities (counter offers), all available offers (apply) and reviews.
 */
export function NetworkDashboardPage({ reviewsTab }: DashboardPageProps) {
  return <RoleDashboardPage role="network" reviewsTab={reviewsTab} dashboard={NetworkDashboard} />;
}

function NetworkDashboard({ session, reviewsTab }: RoleDashboardBodyProps) {
  const [creatingOffer, setCreatingOffer] = useState(false);
  const [creatingRequest, setCreatingRequest] = useState(false);
  const entityId = session.user.entity_id;
  const offers = useOwnOffers(entityId);
  const myRequests = useMyRequests(session.user.user_id);
  const openRequests = useOpenRequests(entityId);
  const available = useAvailableOffers();

  return (
    <RoleDashboard
      role="network"
      actions={
        <>
          <Button onClick={() => setCreatingOffer(true)}>{T.createOfferButton}</Button>
          <Button variant="outline" onClick={() => setCreatingRequest(true)}>
            {T.createRequestButton}
          </Button>
        </>
      }
      reviewsTab={reviewsTab}
      queries={[offers, myRequests, openRequests, available]}
      tabs={[
        ...offerOwnerTabs(offers, entityId),
        myRequestsTab('requests', myRequests, session.user.user_id),
        openRequestsTab('open-requests', entityId),
        availableOffersTab('available', entityId),
        myApplicationsTab('my-applications'),
        resultsTab('results', { ownerOf: entityId, runsOffers: true }),
        messagesTab('messages', entityId),
      ]}
    >
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
    </RoleDashboard>
  );
}
