import { useEffect } from 'react';
import { useIsMutating, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminWorkload } from '@trustlinks/contract/admin';
import * as admin from '@trustlinks/contract/routes/admin';
import { call } from '../api-client';

// What waits on each tab of the admin panel (docs/decisions/032, GET /admin/workload). In lib because two
// features read it: the panel's tab counts (admin) and Review Moderation's hold filter (reviews).

export const adminWorkloadKey = ['admin', 'workload'] as const;

export function getAdminWorkload(signal?: AbortSignal): Promise<AdminWorkload> {
  return call(admin.workload, {}, { signal });
}

/** The counts, refreshed each time the panel's last running change ends, and every minute. */
export function useAdminWorkload() {
  const queryClient = useQueryClient();
  const mutating = useIsMutating();
  useEffect(() => {
    if (mutating === 0) void queryClient.invalidateQueries({ queryKey: adminWorkloadKey });
  }, [mutating, queryClient]);
  return useQuery({
    queryKey: adminWorkloadKey,
    queryFn: ({ signal }) => getAdminWorkload(signal),
    refetchInterval: 60_000,
  });
}

/** A count as the panel shows it: "1000+" at the API's cap. */
export function formatWorkloadCount(n: number, cap: number): string {
  return n >= cap ? `${cap}+` : String(n);
}
