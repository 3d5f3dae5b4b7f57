import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PublicEntitiesQuery,
  PublicEntitiesResponse,
  PublicEntityResponse,
} from '@trustlinks/contract/entities';
import * as entities from '@trustlinks/contract/routes/entities';
import { call } from '../api-client';

/**
 * GET /entities/public (docs/product/api.md#entities): approved entities, by type and/or by a part
 * of the name. The review form's picker and the advertisers' wishlist read through here.
 */
export function fetchPublicEntities(
  query: PublicEntitiesQuery,
  signal?: AbortSignal,
): Promise<PublicEntitiesResponse> {
  return call(entities.listPublic, { query }, { signal });
}

/**
 * GET /entities/public/{id} (docs/product/api.md#entities): an approved entity as anyone may see
 * it; else 404. The entity page, the offer page's side card and the review form's preselected
 * company read it under one key, so they share one cache entry.
 */
export function getPublicEntity(id: string, signal?: AbortSignal): Promise<PublicEntityResponse> {
  return call(entities.getPublic, { params: { id } }, { signal });
}

export function publicEntityQueryKey(id: string) {
  return ['entities', 'public', id] as const;
}

export function getPublicEntityQueryOptions(id: string) {
  return queryOptions({
    queryKey: publicEntityQueryKey(id),
    queryFn: ({ signal }) => getPublicEntity(id, signal),
  });
}

/** `null`: nothing to read yet (the query waits). */
export function usePublicEntity(id: string | null) {
  return useQuery({ ...getPublicEntityQueryOptions(id ?? ''), enabled: Boolean(id) });
}
