import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Tabs } from '../../../components/ui/tabs';
import type { Session } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAvailableOffers } from '../api/get-available-offers';
import { useMyRequests } from '../api/get-my-requests';
import { AvailableOffersTab } from '../components/available-offers-tab';
import { CreateRequestDialog } from '../components/create-request-dialog';
import {
  DashboardHeader,
  LoadErrorBanner,
  ReviewsPlaceholder,
  TabLabel,
} from '../components/dashboard-parts';
import type { DashboardPageProps } from '../components/dashboard-parts';
import { MyApplicationsTab } from '../components/my-applications-tab';
import { MyRequestsTab } from '../components/my-requests-tab';
import { RoleGate } from '../components/role-gate';
import {
  APPLICATIONS_TEXT,
  CREATE_REQUEST_TEXT,
  DASHBOARD_TEXT as T,
  ROLE_DASHBOARD_TEXT,
} from '../dashboards-texts';
import { useTabParam } from '../use-tab-param';

const TEXT = ROLE_DASHBOARD_TEXT.affiliate;

const TABS = ['requests', 'offers', 'my-applications', 'reviews'] as const;
type AffiliateTab = (typeof TABS)[number];

/** Affiliate dashboard (docs/product/dashboards.md#affiliate-dashboard): own requests with their bids, available offers, reviews. */
export function AffiliateDashboardPage({ reviewsTab }: DashboardPageProps) {
  useDocumentTitle(TEXT.title);
  return (
    <RoleGate role="affiliate">
      {(session) => <AffiliateDashboard session={session} reviewsTab={reviewsTab} />}
    </RoleGate>
  );
}

function AffiliateDashboard({ session, reviewsTab }: DashboardPageProps & { session: Session }) {
  const [tab, setTab] = useTabParam(TABS);
  const [creating, setCreating] = useState(false);
  const entityId = session.user.entity_id;
  const myRequests = useMyRequests(session.user.user_id);
  const available = useAvailableOffers();

  return (
    <Container className="py-8 sm:py-12">
      <DashboardHeader
        title={TEXT.title}
        subtitle={TEXT.subtitle}
        actions={<Button onClick={() => setCreating(true)}>{T.createOfferRequestButton}</Button>}
      />
      <div className="mt-6">
        <LoadErrorBanner queries={[myRequests, available]} />
      </div>
      <Tabs<AffiliateTab>
        className="mt-6"
        label={T.tabsLabel}
        value={tab}
        onValueChange={setTab}
        items={[
          {
            value: 'requests',
            label: <TabLabel label={T.tabMyRequests} count={myRequests.data?.requests.length} />,
            heading: T.tabMyRequests,
            content: <MyRequestsTab query={myRequests} />,
          },
          {
            value: 'offers',
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
      <CreateRequestDialog
        open={creating}
        onOpenChange={setCreating}
        submittingLabel={CREATE_REQUEST_TEXT.submittingAffiliate}
        entityId={entityId}
      />
    </Container>
  );
}
