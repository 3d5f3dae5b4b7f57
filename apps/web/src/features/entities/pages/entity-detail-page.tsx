import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { Breadcrumb as BreadcrumbNav } from '../../../components/ui/breadcrumb';
import { Card } from '../../../components/ui/card';
import { DetailLoadFailure } from '../../../components/ui/detail-load-failure';
import { Container } from '../../../components/ui/container';
import { PublicWarningBanner } from '../../../components/ui/public-warning-banner';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { ApiClientError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { entityPath } from '../../../lib/paths';
import { useCanonicalAddress } from '../../../lib/use-canonical-address';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTabParam } from '../../../lib/use-tab-param';
import { useEntityDetail } from '../api/get-entity-detail';
import { EntityAbout } from '../components/entity-about';
import { EntityHeader } from '../components/entity-header';
import { EntityOffersTab } from '../components/entity-offers-tab';
import { EntityOverviewTab } from '../components/entity-overview-tab';
import { EntityReviewsTab } from '../components/entity-reviews-tab';
import { EntityStatCards } from '../components/entity-stat-cards';
import { OwnerChangeNotice } from '../components/owner-change-notice';
import { ENTITY_DETAIL_TEXT as T } from '../entities-texts';
import { nameFromNavigationState } from '../entity-display';

const TABS = ['overview', 'offers', 'reviews'] as const;
type Tab = (typeof TABS)[number];

/**
 * A part another feature composes in: given as is, or made from the entity's id once it is read
 * (the address names the entity by its slug, the other features' reads by its id).
 */
export type EntitySlot = ReactNode | ((entityId: string) => ReactNode);
const fill = (slot: EntitySlot | undefined, entity: PublicEntity): ReactNode =>
  typeof slot === 'function' ? slot(entity.entity_id) : slot;

function Breadcrumb({ current }: { current: ReactNode }) {
  return <BreadcrumbNav texts={{ label: T.breadcrumb, home: T.home }} current={current} />;
}

/**
 * Entity detail (docs/product/entities.md#entity-page), readable without login. The public entity is read first; when that
 * fails and someone is logged in, the authenticated read (owners and admins see pending ones).
 * A name passed in navigation state (from a link on another page) heads the page while loading.
 */
export function EntityDetailPage({
  reviewsTab,
  trustCard,
}: {
  reviewsTab?: EntitySlot;
  /** The reviews feature's TrustScore card (docs/decisions/012), composed in by app/router.tsx. */
  trustCard?: EntitySlot;
}) {
  const { entityId = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const passedName = nameFromNavigationState(location.state);
  const detail = useEntityDetail(entityId, session?.user.user_id ?? null);
  useCanonicalAddress(entityId, detail.data && entityPath(detail.data.slug));
  useDocumentTitle(detail.data?.name ?? passedName ?? T.documentTitle);

  if (detail.isPending) {
    return (
      <Container className="py-8 sm:py-10" aria-busy="true">
        <Breadcrumb current={passedName ?? <Skeleton className="h-4 w-32" />} />
        <Card className="flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-6">
          <Skeleton className="size-16 rounded-xl sm:size-20" />
          <div className="flex-1">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">
              {passedName ?? T.fallbackHeading}
            </h1>
            <Skeleton className="mt-3 h-4 w-48" />
          </div>
        </Card>
        <p role="status" className="sr-only">
          {T.loading}
        </p>
        <div className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-[4.5rem] rounded-xl" />
          ))}
        </div>
        <Skeleton className="mt-8 h-64 rounded-xl" />
      </Container>
    );
  }

  if (detail.isError) {
    const status = detail.error instanceof ApiClientError ? detail.error.status : 0;
    const notFound = status === 404 || status === 403;
    return (
      <DetailLoadFailure
        notFound={notFound}
        texts={T}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
        back={{ to: '/', label: T.backHome }}
      />
    );
  }

  return <EntityView entity={detail.data} reviewsTab={reviewsTab} trustCard={trustCard} />;
}

/** `reviewsTab`: the reviews feature's list, composed in by app/router.tsx. */
function EntityView({
  entity,
  reviewsTab,
  trustCard,
}: {
  entity: PublicEntity;
  reviewsTab?: EntitySlot;
  trustCard?: EntitySlot;
}) {
  // Reviews first (docs/decisions/027): the tab opened without ?tab=; the tab is in the URL (server render).
  const [tab, setTab] = useTabParam<Tab>(TABS, 'reviews');
  const trust = fill(trustCard, entity);
  return (
    <Container className="py-8 sm:py-10">
      <Breadcrumb current={entity.name} />
      <PublicWarningBanner warnings={entity.public_warnings} className="mb-5" />
      <OwnerChangeNotice entityId={entity.entity_id} />
      <EntityHeader entity={entity} />
      <div className="mt-6">
        <EntityStatCards entity={entity} />
      </div>
      <Card className="mt-6 px-5 pt-2 pb-6 sm:px-6">
        <Tabs<Tab>
          label={T.tabsLabel}
          value={tab}
          onValueChange={setTab}
          renderInactive
          items={[
            {
              value: 'overview',
              label: T.tabOverview,
              content: <EntityOverviewTab entity={entity} />,
            },
            {
              value: 'offers',
              label: T.tabOffers,
              heading: T.tabOffers,
              content: <EntityOffersTab entity={entity} />,
            },
            {
              value: 'reviews',
              label: T.tabReviews,
              content: fill(reviewsTab, entity) ?? <EntityReviewsTab entity={entity} />,
            },
          ]}
        />
      </Card>
      {/* How the score is made, after the reviews it is made of (docs/decisions/027: reviews first). */}
      {trust ? <div className="mt-6">{trust}</div> : null}
      <div className="mt-6">
        <EntityAbout entity={entity} />
      </div>
    </Container>
  );
}
