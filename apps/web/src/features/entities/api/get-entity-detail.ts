import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEntity } from '@trustlinks/contract/entities';
import { ApiClientError } from '../../../lib/api-client';
import { getEntity } from './get-entity';
import { getPublicEntity } from '../../../lib/api/entities';

/**
 * What the entity page shows (docs/product/entities.md#entity-page, docs/product/roles.md): the public entity first; when that fails and
 * someone is logged in, the authenticated read (owners and admins see a pending entity that way).
 * A refusal of the second read (401/403/404) says less than the public answer, so the public
 * error is the one reported then.
 */
export async function getEntityDetail(
  id: string,
  userId: string | null,
  signal?: AbortSignal,
): Promise<PublicEntity> {
  try {
    return (await getPublicEntity(id, signal)).entity;
  } catch (publicError) {
    if (!userId || signal?.aborted) throw publicError;
    try {
      return (await getEntity(id, signal)).entity;
    } catch (privateError) {
      const refused =
        privateError instanceof ApiClientError && [401, 403, 404].includes(privateError.status);
      throw refused ? publicError : privateError;
    }
  }
}

export function entityDetailQueryKey(id: string, userId: string | null) {
  return ['entities', 'detail', id, userId ?? 'public'] as const;
}

export function getEntityDetailQueryOptions(id: string, userId: string | null) {
  return queryOptions({
    queryKey: entityDetailQueryKey(id, userId),
    queryFn: ({ signal }) => getEntityDetail(id, userId, signal),
  });
}

export function useEntityDetail(id: string, userId: string | null) {
  return useQuery(getEntityDetailQueryOptions(id, userId));
}
