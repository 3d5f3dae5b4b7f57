import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityResponse } from '@trustlinks/contract/entities';
import * as entities from '@trustlinks/contract/routes/entities';
import { call } from '../../../lib/api-client';

/**
 * An entity with its private fields (docs/product/api.md#entities GET /entities/{id}): admins and the entity's own
 * users only, whatever its status (this is how an owner sees a pending entity).
 */
export function getEntity(id: string, signal?: AbortSignal): Promise<EntityResponse> {
  return call(entities.get, { params: { id } }, { signal });
}

/** Keyed by the viewer: another login must not see what the previous one could. */
export function entityQueryKey(id: string, userId: string) {
  return ['entities', 'private', id, userId] as const;
}

export function getEntityQueryOptions(id: string, userId: string) {
  return queryOptions({
    queryKey: entityQueryKey(id, userId),
    queryFn: ({ signal }) => getEntity(id, signal),
  });
}

export function useEntity(id: string, userId: string) {
  return useQuery(getEntityQueryOptions(id, userId));
}
