import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationsResponse, ApplicationStatus } from '@trustlinks/contract/applications';
import * as applications from '@trustlinks/contract/routes/applications';
import { call } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

/** Which applications a list shows: received (all offers, or one offer), or the caller's own. */
export type ApplicationsSource =
  | { kind: 'received'; status?: ApplicationStatus | undefined }
  | { kind: 'offer'; offerId: string; status?: ApplicationStatus | undefined }
  | { kind: 'mine'; status?: ApplicationStatus | undefined };

const PAGE_SIZE = 20;

/**
 * GET /offers/applications (to the caller's entity's offers), /offers/{id}/applications (one
 * offer) and /offers/applications/mine (the caller's entity's own), paged (docs/decisions/014).
 */
export function getApplications(
  source: ApplicationsSource,
  page: number,
  signal?: AbortSignal,
): Promise<ApplicationsResponse> {
  const query = { status: source.status, page, limit: PAGE_SIZE };
  if (source.kind === 'offer') {
    return call(applications.listOfOffer, { params: { id: source.offerId }, query }, { signal });
  }
  const route = source.kind === 'mine' ? applications.listMine : applications.listReceived;
  return call(route, { query }, { signal });
}

/** Everything under 'applications': applying and deciding invalidate it all. */
export function applicationsQueryKey(source: ApplicationsSource, page: number) {
  return [...APPLICATIONS_QUERY_KEY, source, page] as const;
}

export function getApplicationsQueryOptions(source: ApplicationsSource, page: number) {
  return queryOptions({
    queryKey: applicationsQueryKey(source, page),
    queryFn: ({ signal }) => getApplications(source, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplications(source: ApplicationsSource, page: number, enabled = true) {
  return useQuery({ ...getApplicationsQueryOptions(source, page), enabled });
}
