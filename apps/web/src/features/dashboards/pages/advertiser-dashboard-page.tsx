import { useState } from 'react';
import Plus from 'lucide-react/icons/plus';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Tabs } from '../../../components/ui/tabs';
import type { Session } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOpenRequests } from '../api/get-open-requests';
import { useApplications } from '../api/get-applications';
import { useOwnOffers } from '../api/get-own-offers';
import { CreateOfferDialog } from '../components/create-offer-dialog';
import {
  DashboardHeader,
  LoadErrorBanner,
  ReviewsPlaceholder,
  TabLabel,
} from '../components/dashboard-parts';
import type { DashboardPageProps } from '../components/dashboard-parts';
import { MyOffersTab } from '../components/my-offers-tab';
import { OpenRequestsTab } from '../components/open-requests-tab';
import { ReceivedApplications } from '../components/received-applications';
import { RoleGate } from '../components/role-gate';
import {
  APPLICATIONS_TEXT,
  CREATE_OFFER_TEXT,
  DASHBOARD_TEXT as T,
  ROLE_DASHBOARD_TEXT,
} from '../dashboards-texts';
import { useTabParam } from '../use-tab-param';

const TEXT = ROLE_DASHBOARD_TEXT.advertiser;

const TABS = ['offers', 'applications', 'requests', 'reviews'] as const;
type AdvertiserTab = (typeof TABS)[number];

/**
 * Advertiser dashboard (docs/product/dashboards.md#advertiser-dashboard): own offers (create, pause, close, delete), the open offer
 * requests of others with counter offers, and the reviews of the advertiser's entity.
 */
export function AdvertiserDashboardPage({ reviewsTab }: DashboardPageProps) {
  useDocumentTitle(TEXT.title);
  return (
    <RoleGate role="advertiser">
      {(session) => <AdvertiserDashboard session={session} reviewsTab={reviewsTab} />}
    </RoleGate>
  );
}

function AdvertiserDashboard({ session, reviewsTab }: DashboardPageProps & { session: Session }) {
  const [tab, setTab] = useTabParam(TABS);
  const [creating, setCreating] = useState(false);
  const entityId = session.user.entity_id;
  const offers = useOwnOffers(entityId);
  const requests = useOpenRequests(entityId);
  // The Applications tab's badge: how many wait for a decision (the tab's first page, shared).
  const pending = useApplications({ kind: 'received', status: 'pending' }, 1, Boolean(entityId));

  return (
    <Container className="py-8 sm:py-12">
      <DashboardHeader
        title={TEXT.title}
        subtitle={TEXT.subtitle}
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            {T.createNewOffer}
          </Button>
        }
      />
      <div className="mt-6">
        <LoadErrorBanner queries={[offers, requests]} />
      </div>
      <Tabs<AdvertiserTab>
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
            label: T.tabOfferRequests,
            heading: T.tabOfferRequests,
            content: <OpenRequestsTab query={requests} entityId={entityId} />,
          },
          { value: 'reviews', label: T.tabReviews, content: reviewsTab ?? <ReviewsPlaceholder /> },
        ]}
      />
      <CreateOfferDialog
        open={creating}
        onOpenChange={setCreating}
        title={CREATE_OFFER_TEXT.advertiserTitle}
        entityId={entityId}
      />
    </Container>
  );
}
