import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ApplicationsResponse, ApplicationStatus } from '@trustlinks/contract/applications';
import * as applications from '@trustlinks/contract/routes/applications';
import { call } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

/**
 * GET /offers/applications/mine?offer_ids=…: the caller's applications to these offers (at most a
 * page of them), so Available Offers can mark the ones already applied to (docs/decisions/027).
 */
export function getAppliedOffers(
  offerIds: string[],
  signal?: AbortSignal,
): Promise<ApplicationsResponse> {
  return call(
    applications.listMine,
    { query: { offer_ids: offerIds.join(','), limit: 100 } },
    { signal },
  );
}

export function appliedOffersQueryOptions(offerIds: string[]) {
  return queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'offers', offerIds] as const,
    queryFn: ({ signal }) => getAppliedOffers(offerIds, signal),
    enabled: offerIds.length > 0,
  });
}

/**
 * The latest status of the caller's application to each offer shown, asked per loaded page of
 * offers (each page is at most 24 offers, under the API's 100).
 */
export function useAppliedOffers(pages: string[][]): Map<string, ApplicationStatus> {
  const results = useQueries({ queries: pages.map((ids) => appliedOffersQueryOptions(ids)) });
  const latest = new Map<string, ApplicationStatus>();
  for (const result of results) {
    // Newest first: the first seen per offer is where the company stands now.
    for (const a of result.data?.applications ?? []) {
      if (!latest.has(a.offer_id)) latest.set(a.offer_id, a.status);
    }
  }
  return latest;
}
