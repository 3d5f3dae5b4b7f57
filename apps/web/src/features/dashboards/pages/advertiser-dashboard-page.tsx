import { useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import { Button } from '../../../components/ui/button';
import type { Session } from '../../../lib/session';
import { useOpenRequests } from '../api/get-open-requests';
import { useOwnOffers } from '../api/get-own-offers';
import { CreateOfferDialog } from '../components/create-offer-dialog';
import type { DashboardPageProps } from '../components/dashboard-parts';
import {
  myOffersTab,
  openRequestsTab,
  receivedApplicationsTab,
  reviewsTabItem,
  RoleDashboard,
  RoleDashboardPage,
  usePendingApplications,
} from '../components/role-dashboard';
import { CREATE_OFFER_TEXT, DASHBOARD_TEXT as T } from '../dashboards-texts';

/**
 * Advertiser dashboard (docs/product/dashboards.md#advertiser-dashboard): own offers (create, pause, close, delete), the open offer
 * requests of others with counter offers, and the reviews of the advertiser's entity.
 */
export function AdvertiserDashboardPage({ reviewsTab }: DashboardPageProps) {
  return (
    <RoleDashboardPage role="advertiser">
      {(session) => <AdvertiserDashboard session={session} reviewsTab={reviewsTab} />}
    </RoleDashboardPage>
  );
}

function AdvertiserDashboard({ session, reviewsTab }: DashboardPageProps & { session: Session }) {
  const [creating, setCreating] = useState(false);
  const entityId = session.user.entity_id;
  const offers = useOwnOffers(entityId);
  const requests = useOpenRequests(entityId);
  const pending = usePendingApplications(entityId);

  return (
    <RoleDashboard
      role="advertiser"
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {T.createNewOffer}
        </Button>
      }
      queries={[offers, requests]}
      tabs={[
        myOffersTab('offers', offers, entityId),
        receivedApplicationsTab('applications', pending),
        openRequestsTab('requests', requests, entityId),
        reviewsTabItem('reviews', reviewsTab),
      ]}
    >
      <CreateOfferDialog
        open={creating}
        onOpenChange={setCreating}
        title={CREATE_OFFER_TEXT.advertiserTitle}
        entityId={entityId}
      />
    </RoleDashboard>
  );
}
