import type { QueryClient } from '@tanstack/react-query';
import type { Entity } from '@trustlinks/contract/entities';
import { adminEntitiesRootKey, filterOfKey } from './get-admin-entities';
import type { AdminEntitiesResponse } from './get-admin-entities';

/**
 * After the server has answered an entity action (docs/product/states.md): every cached admin list shows the
 * new row, or loses it when its filter no longer matches (or the entity is gone); then the lists
 * are refetched for fresh totals and pages. Public entity pages (keyed 'entities') and the user
 * list (approval creates or links an account) are marked stale too.
 */
export function applyEntityChange(
  queryClient: QueryClient,
  id: string,
  updated: Entity | null,
): Promise<void> {
  for (const [key, data] of queryClient.getQueriesData<AdminEntitiesResponse>({
    queryKey: adminEntitiesRootKey,
  })) {
    if (!data || !data.entities.some((e) => e.entity_id === id)) continue;
    const filter = filterOfKey(key);
    const keep = updated && (filter === 'all' || filter === updated.verification_status);
    queryClient.setQueryData<AdminEntitiesResponse>(key, {
      entities: keep
        ? data.entities.map((e) => (e.entity_id === id ? updated : e))
        : data.entities.filter((e) => e.entity_id !== id),
      pagination: keep
        ? data.pagination
        : { ...data.pagination, total: Math.max(0, data.pagination.total - 1) },
    });
  }
  void queryClient.invalidateQueries({ queryKey: ['entities'] });
  void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  return queryClient.invalidateQueries({ queryKey: adminEntitiesRootKey });
}
