import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicationsResponse, ApplicationStatus } from '@trustlinks/contract/applications';
import { api } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

/** Which applications a list shows: received (all offers, or one offer), or the caller's own. */
export type ApplicationsSource =
  | { kind: 'received'; status?: ApplicationStatus | undefined }
  | { kind: 'offer'; offerId: string; status?: ApplicationStatus | undefined }
  | { kind: 'mine'; status?: ApplicationStatus | undefined };

const PAGE_SIZE = 20;

function pathOf(source: ApplicationsSource): string {
  if (source.kind === 'offer') return `/offers/${encodeURIComponent(source.offerId)}/applications`;
  return source.kind === 'mine' ? '/offers/applications/mine' : '/offers/applications';
}

/**
 * GET /offers/applications (to the caller's entity's offers), /offers/{id}/applications (one
 * offer) and /offers/applications/mine (the caller's entity's own), paged (docs/decisions/014).
 */
export function getApplications(
  source: ApplicationsSource,
  page: number,
  signal?: AbortSignal,
): Promise<ApplicationsResponse> {
  return api.get<ApplicationsResponse>(pathOf(source), {
    query: { status: source.status, page, limit: PAGE_SIZE },
    signal,
  });
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
