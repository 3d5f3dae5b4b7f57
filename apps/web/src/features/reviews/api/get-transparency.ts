import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityRemovals, TransparencyReport } from '@trustlinks/contract/transparency';
import * as transparency from '@trustlinks/contract/routes/transparency';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** The transparency report (GET /transparency; docs/decisions/054). */
export function transparencyQueryOptions() {
  return queryOptions({
    queryKey: reviewKeys.transparency(),
    queryFn: ({ signal }): Promise<TransparencyReport> => call(transparency.report, {}, { signal }),
  });
}

export function useTransparencyReport() {
  return useQuery(transparencyQueryOptions());
}

/** A company's removed reviews by reason (GET /transparency/entities/{id}). */
export function entityRemovalsQueryOptions(entityId: string) {
  return queryOptions({
    queryKey: reviewKeys.removals(entityId),
    queryFn: ({ signal }): Promise<EntityRemovals> =>
      call(transparency.entityRemovals, { params: { id: entityId } }, { signal }),
  });
}

export function useEntityRemovals(entityId: string) {
  return useQuery(entityRemovalsQueryOptions(entityId));
}
