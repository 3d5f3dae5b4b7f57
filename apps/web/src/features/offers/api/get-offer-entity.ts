import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { api } from '../../../lib/api-client';

export interface PublicEntityResponse {
  entity: PublicEntity;
}

/**
 * GET /entities/public/{id} (docs/product/api.md#entities): the offer page's side card shows the owning entity's real
 * reputation, review count and offer count. Same call, key and answer shape as the entity page's
 * read, so the two share one cache entry.
 */
export function getOfferEntity(id: string, signal?: AbortSignal): Promise<PublicEntityResponse> {
  return api.get<PublicEntityResponse>(`/entities/public/${encodeURIComponent(id)}`, { signal });
}

export function offerEntityQueryKey(id: string) {
  return ['entities', 'public', id] as const;
}

export function getOfferEntityQueryOptions(id: string) {
  return queryOptions({
    queryKey: offerEntityQueryKey(id),
    queryFn: ({ signal }) => getOfferEntity(id, signal),
  });
}

export function useOfferEntity(id: string) {
  return useQuery(getOfferEntityQueryOptions(id));
}
