import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntitiesPageResponse } from '@trustlinks/contract/entities';
import * as entities from '@trustlinks/contract/routes/entities';
import { call } from '../../../lib/api-client';
import type { EntityFilter } from '../admin-texts';

export type AdminEntitiesResponse = EntitiesPageResponse;

export interface AdminEntitiesParams {
  status: EntityFilter;
  page: number;
  limit: number;
}

/** Rows per page of the entity table (ours; the API allows up to 500). */
export const ADMIN_ENTITIES_PAGE_SIZE = 50;

/** All entities for admins, filtered by verification status (docs/product/api.md#entities GET /entities). */
export function getAdminEntities(
  { status, page, limit }: AdminEntitiesParams,
  signal?: AbortSignal,
): Promise<AdminEntitiesResponse> {
  return call(entities.list, { query: { verification_status: status, page, limit } }, { signal });
}

export const adminEntitiesRootKey = ['admin', 'entities'] as const;

export function adminEntitiesQueryKey(params: AdminEntitiesParams) {
  return [...adminEntitiesRootKey, params.status, params.page, params.limit] as const;
}

/** The status filter a cached list was loaded with (third element of its key). */
export function filterOfKey(key: readonly unknown[]): EntityFilter | undefined {
  return key[2] as EntityFilter | undefined;
}

export function getAdminEntitiesQueryOptions(params: AdminEntitiesParams) {
  return queryOptions({
    queryKey: adminEntitiesQueryKey(params),
    queryFn: ({ signal }) => getAdminEntities(params, signal),
  });
}

/**
 * While another page of the same filter loads, the current one stays on screen; a new filter
 * starts from its loading state (the old rows would not match it).
 */
export function useAdminEntities(params: AdminEntitiesParams) {
  return useQuery({
    ...getAdminEntitiesQueryOptions(params),
    placeholderData: (previous, previousQuery) =>
      previousQuery && filterOfKey(previousQuery.queryKey) === params.status ? previous : undefined,
  });
}
