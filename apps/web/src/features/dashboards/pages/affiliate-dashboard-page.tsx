import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useAvailableOffers } from '../api/get-available-offers';
import { useMyRequests } from '../api/get-my-requests';
import { CreateRequestDialog } from '../components/create-request-dialog';
import type { DashboardPageProps, RoleDashboardBodyProps } from '../components/dashboard-parts';
import { resultsTab } from '../components/results-tab';
import {
  availableOffersTab,
  myApplicationsTab,
  myRequestsTab,
  RoleDashboard,
  RoleDashboardPage,
  messagesTab,
} from '../components/role-dashboard';
import { CREATE_REQUEST_TEXT, DASHBOARD_TEXT as T } from '../dashboards-texts';

/** Affiliate dashboard (docs/product/dashboards.md#affiliate-dashboard): own requests with their bids, available offers, reviews. */
export function AffiliateDashboardPage({ reviewsTab }: DashboardPageProps) {
  return (
    <RoleDashboardPage role="affiliate" reviewsTab={reviewsTab} dashboard={AffiliateDashboard} />
  );
}

function AffiliateDashboard({ session, reviewsTab }: RoleDashboardBodyProps) {
  const [creating, setCreating] = useState(false);
  const entityId = session.user.entity_id;
  const myRequests = useMyRequests(session.user.user_id);
  const available = useAvailableOffers();

  return (
    <RoleDashboard
      role="affiliate"
      actions={<Button onClick={() => setCreating(true)}>{T.createOfferRequestButton}</Button>}
      reviewsTab={reviewsTab}
      queries={[myRequests, available]}
      tabs={[
        myRequestsTab('requests', myRequests, session.user.user_id),
        availableOffersTab('offers', entityId),
        myApplicationsTab('my-applications'),
        resultsTab('results', { runsOffers: true }),
        messagesTab('messages', entityId),
      ]}
    >
      <CreateRequestDialog
        open={creating}
        onOpenChange={setCreating}
        submittingLabel={CREATE_REQUEST_TEXT.submittingAffiliate}
        entityId={entityId}
      />
    </RoleDashboard>
  );
}
