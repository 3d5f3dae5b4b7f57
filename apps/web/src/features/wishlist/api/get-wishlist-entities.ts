import { queryOptions, useQueries } from '@tanstack/react-query';
import type { EntityType } from '@trustlinks/contract/constants';
import type { PublicEntitiesResponse, PublicEntity } from '@trustlinks/contract/entities';
import { fetchPublicEntities } from '../../../lib/api/entities';

/** The advertisers wishlist lists the companies that publish offers. */
export const PUBLISHER_TYPES = ['advertiser', 'network'] as const satisfies readonly EntityType[];
/** The API's maximum; more than this many approved companies of one type is not expected soon. */
const ENTITIES_LIMIT = 500;

/** GET /entities/public?entity_type= (docs/product/api.md#entities): approved entities of one type. */
export function getPublicEntitiesByType(
  type: EntityType,
  signal?: AbortSignal,
): Promise<PublicEntitiesResponse> {
  return fetchPublicEntities({ entity_type: type, limit: ENTITIES_LIMIT }, signal);
}

export function publicEntitiesQueryKey(type: EntityType) {
  return ['entities', 'public', 'list', { entity_type: type, limit: ENTITIES_LIMIT }] as const;
}

export function getPublicEntitiesQueryOptions(type: EntityType) {
  return queryOptions({
    queryKey: publicEntitiesQueryKey(type),
    queryFn: ({ signal }) => getPublicEntitiesByType(type, signal),
    staleTime: 5 * 60_000,
  });
}

// Module level, so TanStack Query can keep the combined result while the answers stay the same.
function combineById(results: Array<{ data?: PublicEntitiesResponse; isPending: boolean }>) {
  const byId = new Map<string, PublicEntity>();
  for (const result of results) {
    for (const entity of result.data?.entities ?? []) byId.set(entity.entity_id, entity);
  }
  return { byId, isPending: results.some((r) => r.isPending) };
}

/**
 * The approved advertisers and networks by id, for the wishlist cards' rating, country and
 * description. A failure leaves the map without them: the cards still show what the offers say.
 */
export function usePublisherEntities() {
  return useQueries({
    queries: PUBLISHER_TYPES.map((type) => getPublicEntitiesQueryOptions(type)),
    combine: combineById,
  });
}
