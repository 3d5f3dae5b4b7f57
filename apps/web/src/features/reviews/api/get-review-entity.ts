import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { api } from '../../../lib/api-client';

/** One approved entity (docs/product/api.md#entities GET /entities/public/{id}): the form's preselected company. */
export function getReviewEntity(
  id: string,
  signal?: AbortSignal,
): Promise<{ entity: PublicEntity }> {
  return api.get<{ entity: PublicEntity }>(`/entities/public/${encodeURIComponent(id)}`, {
    signal,
  });
}

export function getReviewEntityQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['reviews', 'entity-info', id] as const,
    queryFn: ({ signal }) => getReviewEntity(id, signal),
  });
}

export function useReviewEntity(id: string | null) {
  return useQuery({ ...getReviewEntityQueryOptions(id ?? ''), enabled: Boolean(id) });
}
