import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEntitiesResponse } from '@trustlinks/contract/entities';
import { fetchPublicEntities } from '../../../lib/api/entities';

const PICKER_LIMIT = 20;

/** Approved entities whose name contains `search` (docs/product/api.md#entities GET /entities/public). */
export function searchEntities(
  search: string,
  signal?: AbortSignal,
): Promise<PublicEntitiesResponse> {
  return fetchPublicEntities({ search: search.trim(), limit: PICKER_LIMIT }, signal);
}

export function searchEntitiesQueryOptions(search: string) {
  return queryOptions({
    queryKey: ['reviews', 'entity-search', search.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => searchEntities(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useSearchEntities(search: string, enabled = true) {
  return useQuery({ ...searchEntitiesQueryOptions(search), enabled });
}
