import type { QueryClient } from '@tanstack/react-query';
import { getPublicEntityQueryOptions } from '../../lib/api/entities';
import type { Session } from '../../lib/session';
import { filtersFromSearchParams } from '../../lib/offers/offer-filters';
import { getApplicationsQueryOptions } from './api/get-applications';
import { getAvailableOffersQueryOptions } from './api/get-available-offers';
import { getMyRequestsQueryOptions } from './api/get-my-requests';
import { getOpenRequestsQueryOptions } from './api/get-open-requests';
import { getOwnOffersQueryOptions } from './api/get-own-offers';
import type { DashboardRole } from './components/role-gate';

/**
 * The reads a role dashboard's page makes at once (its own lists, the first tab's among them, and
 * the Applications tab's count, and the entity the badge card above the tabs shows), started side by side as soon as the page is navigated to, while
 * its code loads (app/router.tsx `DashboardRoute`; docs/decisions/051-trust-context.md, "Dashboards
 * without waterfalls"). The same query options as the page's hooks, so the page finds them
 * loaded or loading and asks nothing again. Returns when all have answered.
 */
export function prefetchFirstReads(
  client: QueryClient,
  role: DashboardRole,
  session: Session,
  search: string,
): Promise<unknown> {
  const entityId = session.user.entity_id;
  const userId = session.user.user_id;
  const reads: Promise<unknown>[] = [];
  const ownsOffers = role === 'advertiser' || role === 'network';
  const runsOffers = role === 'affiliate' || role === 'network';
  // The badge card (TrustBadgePanel) sits above the tabs: read with the lists, it is there when
  // they are, instead of pushing them down once it arrives (docs/decisions/021-server-rendering.md,
  // "Note (2026-11-29): signed-in pages' frame").
  if (entityId) reads.push(client.prefetchQuery(getPublicEntityQueryOptions(entityId)));
  if (ownsOffers && entityId) {
    reads.push(client.prefetchQuery(getOwnOffersQueryOptions(entityId)));
    reads.push(client.prefetchInfiniteQuery(getOpenRequestsQueryOptions(entityId)));
    reads.push(
      client.prefetchQuery(getApplicationsQueryOptions({ kind: 'received', status: 'pending' }, 1)),
    );
  }
  if (runsOffers) {
    reads.push(client.prefetchQuery(getMyRequestsQueryOptions(userId)));
    const filters = filtersFromSearchParams(new URLSearchParams(search));
    reads.push(client.prefetchInfiniteQuery(getAvailableOffersQueryOptions(filters)));
  }
  return Promise.all(reads);
}
