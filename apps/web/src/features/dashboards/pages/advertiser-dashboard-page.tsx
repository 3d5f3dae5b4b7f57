import { useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import { Button } from '../../../components/ui/button';
import { useOpenRequests } from '../api/get-open-requests';
import { useOwnOffers } from '../api/get-own-offers';
import { CreateOfferDialog } from '../components/create-offer-dialog';
import type { DashboardPageProps, RoleDashboardBodyProps } from '../components/dashboard-parts';
import { resultsTab } from '../components/results-tab';
import {
  openRequestsTab,
  RoleDashboard,
  RoleDashboardPage,
  messagesTab,
  offerOwnerTabs,
} from '../components/role-dashboard';
import { CREATE_OFFER_TEXT, DASHBOARD_TEXT as T } from '../dashboards-texts';

/**
 * Advertiser dashboard (docs/product/dashboards.md#advertiser-dashboard): own offers (create, pause, close, delete), the open offer
 * requests of others with counter offers, and the reviews of the advertiser's entity.
 */
export function AdvertiserDashboardPage({ reviewsTab }: DashboardPageProps) {
  return (
    <RoleDashboardPage role="advertiser" reviewsTab={reviewsTab} dashboard={AdvertiserDashboard} />
  );
}

function AdvertiserDashboard({ session, reviewsTab }: RoleDashboardBodyProps) {
  const [creating, setCreating] = useState(false);
  const entityId = session.user.entity_id;
  const offers = useOwnOffers(entityId);
  const requests = useOpenRequests(entityId);

  return (
    <RoleDashboard
      role="advertiser"
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          {T.createNewOffer}
        </Button>
      }
      reviewsTab={reviewsTab}
      queries={[offers, requests]}
      tabs={[
        ...offerOwnerTabs(offers, entityId),
        openRequestsTab('requests', entityId),
        resultsTab('results', { ownerOf: entityId, runsOffers: false }),
        messagesTab('messages', entityId),
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
