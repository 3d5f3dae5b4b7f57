import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import * as warnings from '@trustlinks/contract/routes/warnings';
import type { PlaceWarningInput } from '@trustlinks/contract/warnings';
import { call } from '../../../lib/api-client';

// Public warnings of an entity in the admin's entity modal (docs/decisions/012): the list with its audit
// trail, place one, lift one. The public entity read carries the active ones, so it refreshes too.

const warningsKey = (entityId: string) => ['admin', 'entity-warnings', entityId] as const;

export function getEntityWarnings(entityId: string, signal?: AbortSignal) {
  return call(warnings.listForEntity, { params: { id: entityId } }, { signal });
}

export function useEntityWarnings(entityId: string) {
  return useQuery(
    queryOptions({
      queryKey: warningsKey(entityId),
      queryFn: ({ signal }) => getEntityWarnings(entityId, signal),
    }),
  );
}

/** The active warnings across entities (docs/decisions/032, GET /admin/warnings), a page of them. */
export const ACTIVE_WARNINGS_PAGE_SIZE = 20;
const activeWarningsRootKey = ['admin', 'active-warnings'] as const;

export function useActiveWarnings(page: number) {
  return useQuery({
    queryKey: [...activeWarningsRootKey, page],
    queryFn: ({ signal }) =>
      call(warnings.listActive, { query: { page, limit: ACTIVE_WARNINGS_PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh(entityId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: warningsKey(entityId) });
    void queryClient.invalidateQueries({ queryKey: activeWarningsRootKey });
    void queryClient.invalidateQueries({ queryKey: ['entities'] });
  };
}

export function usePlaceWarning(entityId: string) {
  const refresh = useRefresh(entityId);
  return useMutation({
    mutationFn: (input: PlaceWarningInput) =>
      call(warnings.place, { params: { id: entityId }, body: input }),
    onSuccess: refresh,
  });
}

export function useLiftWarning(entityId: string) {
  const refresh = useRefresh(entityId);
  return useMutation({
    mutationFn: ({ warningId, note }: { warningId: string; note: string | null }) =>
      call(warnings.lift, { params: { id: warningId }, body: { note } }),
    onSuccess: refresh,
  });
}
