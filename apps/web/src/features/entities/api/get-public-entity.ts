import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { api } from '../../../lib/api-client';

export interface PublicEntityResponse {
  entity: PublicEntity;
}

/** An approved entity as anyone may see it (docs/product/api.md#entities GET /entities/public/{id}); else 404. */
export function getPublicEntity(id: string, signal?: AbortSignal): Promise<PublicEntityResponse> {
  return api.get<PublicEntityResponse>(`/entities/public/${encodeURIComponent(id)}`, { signal });
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

export function usePublicEntity(id: string) {
  return useQuery(getPublicEntityQueryOptions(id));
}
