import type { ComponentType, ReactNode } from 'react';
import Plus from 'lucide-react/icons/plus';
import { Button } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import type { TabItem } from '../../../components/ui/tabs';
import { useUnreadThreadCount } from '../../../lib/api/threads';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useApplications } from '../api/get-applications';
import type { useMyRequests } from '../api/get-my-requests';
import type { useOwnOffers } from '../api/get-own-offers';
import {
  APPLICATIONS_TEXT,
  DASHBOARD_TEXT as T,
  MESSAGES_TEXT,
  RESULTS_TEXT,
  ROLE_DASHBOARD_TEXT,
  SAVED_SEARCHES_TEXT,
} from '../dashboards-texts';
import { useTabParam } from '../../../lib/use-tab-param';
import { AvailableOffersTab } from './available-offers-tab';
import { DashboardHeader, LoadErrorBanner, ReviewsPlaceholder, TabLabel } from './dashboard-parts';
import type { DashboardPageProps, RoleDashboardBodyProps } from './dashboard-parts';
import { MessagesTab } from './messages-tab';
import { MyApplicationsTab } from './my-applications-tab';
import { MyOffersTab } from './my-offers-tab';
import { MyRequestsTab } from './my-requests-tab';
import { OpenRequestsTab } from './open-requests-tab';
import { AwaitingOfferPanel } from './awaiting-offer-panel';
import { ReceivedApplications } from './received-applications';
import { RoleGate } from './role-gate';
import { SavedSearchesSection } from './saved-searches-section';
import { TrustBadgePanel } from './trust-badge-panel';
import type { DashboardRole } from './role-gate';

// The one frame of the advertiser, affiliate and network dashboards (docs/product/dashboards.md):
// each page says which tabs it has (in its order, with its ?tab= names) and what its header offers.

/** The document title and the role's door (RoleGate); the dashboard itself once let in. */
export function RoleDashboardPage({
  role,
  reviewsTab,
  dashboard: Dashboard,
}: DashboardPageProps & {
  role: DashboardRole;
  dashboard: ComponentType<RoleDashboardBodyProps>;
}) {
  useDocumentTitle(ROLE_DASHBOARD_TEXT[role].title);
  return (
    <RoleGate role={role}>
      {(session) => <Dashboard session={session} reviewsTab={reviewsTab} />}
    </RoleGate>
  );
}

interface RoleDashboardProps<V extends string> {
  role: DashboardRole;
  /** The header's buttons (create an offer, a request). */
  actions: ReactNode;
  /** The lists whose failure shows the load-error banner. */
  queries: readonly { isError: boolean; refetch: () => unknown }[];
  /**
   * The tabs in order, before Saved searches and Reviews; the first is shown when ?tab= names none
   * of them.
   */
  tabs: TabItem<V>[];
  /** The Reviews tab's content (the last tab, ?tab=reviews). */
  reviewsTab: ReactNode;
  /** The create dialogs. */
  children?: ReactNode;
}

/**
 * Header, load-error banner, the badge (a collapsed card) and the tabs (kept in ?tab=) of a role
 * dashboard: on a phone it opens on its work (docs/decisions/053).
 */
export function RoleDashboard<V extends string>({
  role,
  actions,
  queries,
  tabs,
  reviewsTab,
  children,
}: RoleDashboardProps<V>) {
  const items = [
    ...tabs,
    savedSearchesTabItem('saved-searches' as const),
    reviewsTabItem('reviews' as const, reviewsTab),
  ];
  const [tab, setTab] = useTabParam(items.map((t) => t.value));
  const text = ROLE_DASHBOARD_TEXT[role];
  return (
    <Container className="py-8 sm:py-12">
      <DashboardHeader title={text.title} subtitle={text.subtitle} actions={actions} />
      <div className="mt-6">
        <LoadErrorBanner queries={queries} />
      </div>
      <TrustBadgePanel />
      <Tabs<V | 'saved-searches' | 'reviews'>
        className="mt-6"
        label={T.tabsLabel}
        value={tab}
        onValueChange={setTab}
        items={items}
      />
      {children}
    </Container>
  );
}

// ---- The frame: what the server sends of a role dashboard (docs/decisions/021-server-rendering.md,
// "Note (2026-11-29): signed-in pages' frame"), the same for everyone.

/**
 * Each role's header buttons and tab names as its page has them (in order, before Saved searches
 * and Reviews, which every role has): `dashboard-frame.test.tsx` holds them equal to the pages'.
 */
export const ROLE_DASHBOARD_FRAMES: Record<
  DashboardRole,
  { actions: readonly { label: ReactNode; outline?: true }[]; tabs: readonly string[] }
> = {
  advertiser: {
    actions: [
      {
        label: (
          <>
            <Plus aria-hidden="true" />
            {T.createNewOffer}
          </>
        ),
      },
    ],
    tabs: [
      T.tabMyOffers,
      APPLICATIONS_TEXT.tabReceived,
      T.tabOfferRequests,
      RESULTS_TEXT.tab,
      MESSAGES_TEXT.tab,
    ],
  },
  affiliate: {
    actions: [{ label: T.createOfferRequestButton }],
    tabs: [
      T.tabMyRequests,
      T.tabAvailableOffers,
      APPLICATIONS_TEXT.tabMine,
      RESULTS_TEXT.tab,
      MESSAGES_TEXT.tab,
    ],
  },
  network: {
    actions: [{ label: T.createOfferButton }, { label: T.createRequestButton, outline: true }],
    tabs: [
      T.tabMyOffers,
      APPLICATIONS_TEXT.tabReceived,
      T.tabMyRequests,
      T.tabOfferRequests,
      T.tabAvailableOffers,
      APPLICATIONS_TEXT.tabMine,
      RESULTS_TEXT.tab,
      MESSAGES_TEXT.tab,
    ],
  },
};

/**
 * A role dashboard before anyone is known: its heading, intro, buttons and tabs (disabled until
 * the page takes over: a tap on them waits for it instead of being lost), laid out as RoleDashboard lays them out, and a skeleton where the first
 * tab's list goes. Nothing of a user: the server renders it once for everyone, and the browser's
 * render of the page replaces it without moving what it shows.
 */
export function RoleDashboardFrame({ role }: { role: DashboardRole }) {
  const text = ROLE_DASHBOARD_TEXT[role];
  const frame = ROLE_DASHBOARD_FRAMES[role];
  const labels = [...frame.tabs, SAVED_SEARCHES_TEXT.heading, T.tabReviews];
  const items = labels.map((label, index) => ({
    value: String(index),
    label,
    content: index === 0 ? <Skeleton className="h-64 rounded-xl" /> : null,
  }));
  return (
    <Container className="py-8 sm:py-12">
      <DashboardHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={frame.actions.map((action, index) => (
          <Button key={index} variant={action.outline ? 'outline' : 'primary'} disabled>
            {action.label}
          </Button>
        ))}
      />
      <div className="mt-6" />
      <Tabs
        className="mt-6"
        label={T.tabsLabel}
        value="0"
        onValueChange={noop}
        items={items}
        disabled
      />
    </Container>
  );
}

const noop = () => undefined;

// ---- The tabs the roles share; `value` is the tab's ?tab= name on that role's dashboard.
//
// A tab's content reads its list itself (the same query as the page's, shared by key), never
// from the page's query result: RoleDashboard re-renders the tabs on its own (?tab=), with the
// elements of the page's last render, and a query result only re-renders the page for the
// fields the page itself read. A list that arrived after the page's last render then stayed
// 'Loading…' in a tab opened later (the bids journey, 2026-11-27).

export function myOffersTab<V extends string>(
  value: V,
  offers: ReturnType<typeof useOwnOffers>,
  entityId: string | null,
): TabItem<V> {
  return {
    value,
    label: <TabLabel label={T.tabMyOffers} count={offers.data?.offers.length} />,
    heading: T.tabMyOffers,
    content: <MyOffersTab entityId={entityId} />,
  };
}

/** The Applications tab; its badge counts those waiting for a decision. */
export function receivedApplicationsTab<V extends string>(
  value: V,
  entityId: string | null,
): TabItem<V> {
  return {
    value,
    label: <PendingApplicationsLabel entityId={entityId} />,
    heading: APPLICATIONS_TEXT.tabReceived,
    content: <ReceivedApplications />,
  };
}

/** An offer owner's first tabs (advertisers and networks): its offers, and the applications to them. */
export function offerOwnerTabs(
  offers: ReturnType<typeof useOwnOffers>,
  entityId: string | null,
): TabItem<'offers' | 'applications'>[] {
  return [
    myOffersTab('offers', offers, entityId),
    receivedApplicationsTab('applications', entityId),
  ];
}

/** The Applications tab's badge: how many wait for a decision (the tab's first page, shared). */
function PendingApplicationsLabel({ entityId }: { entityId: string | null }) {
  const pending = useApplications({ kind: 'received', status: 'pending' }, 1, Boolean(entityId));
  return <TabLabel label={APPLICATIONS_TEXT.tabReceived} count={pending.data?.pagination.total} />;
}

export function myRequestsTab<V extends string>(
  value: V,
  myRequests: ReturnType<typeof useMyRequests>,
  userId: string,
): TabItem<V> {
  return {
    value,
    label: <TabLabel label={T.tabMyRequests} count={myRequests.data?.requests.length} />,
    heading: T.tabMyRequests,
    content: <MyRequestsTab userId={userId} />,
  };
}

export function openRequestsTab<V extends string>(value: V, entityId: string | null): TabItem<V> {
  return {
    value,
    label: T.tabOfferRequests,
    heading: T.tabOfferRequests,
    content: (
      <>
        <AwaitingOfferPanel entityId={entityId} />
        <OpenRequestsTab entityId={entityId} />
      </>
    ),
  };
}

export function availableOffersTab<V extends string>(
  value: V,
  entityId: string | null,
): TabItem<V> {
  return {
    value,
    label: T.tabAvailableOffers,
    heading: T.tabAvailableOffers,
    content: <AvailableOffersTab ownEntityId={entityId} />,
  };
}

export function myApplicationsTab<V extends string>(value: V): TabItem<V> {
  return {
    value,
    label: APPLICATIONS_TEXT.tabMine,
    heading: APPLICATIONS_TEXT.tabMine,
    content: <MyApplicationsTab />,
  };
}

/**
 * The deal conversations (docs/decisions/050) and members' older messages (docs/decisions/026);
 * its badge counts the conversations with a new message, as the bell does.
 */
export function messagesTab<V extends string>(value: V, entityId: string | null): TabItem<V> {
  return {
    value,
    label: <MessagesTabLabel />,
    heading: MESSAGES_TEXT.tab,
    content: <MessagesTab entityId={entityId} />,
  };
}

/**
 * The user's saved explorer searches: a tab of their own (docs/decisions/053), not a section under
 * the tabs, where it showed below every tab's content.
 */
function savedSearchesTabItem<V extends string>(value: V): TabItem<V> {
  return { value, label: SAVED_SEARCHES_TEXT.heading, content: <SavedSearchesSection /> };
}

function MessagesTabLabel() {
  const unread = useUnreadThreadCount();
  return <TabLabel label={MESSAGES_TEXT.tab} count={unread ? unread : undefined} />;
}

/** The entity's reviews, a panel of the reviews feature given by app/router.tsx. */
function reviewsTabItem<V extends string>(value: V, reviewsTab: ReactNode): TabItem<V> {
  return { value, label: T.tabReviews, content: reviewsTab ?? <ReviewsPlaceholder /> };
}
