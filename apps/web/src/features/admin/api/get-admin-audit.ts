import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminAuditResponse } from '@trustlinks/contract/admin';
import * as admin from '@trustlinks/contract/routes/admin';
import { call } from '../../../lib/api-client';

/** Entries per page of the audit list (ours; the API allows up to 100). */
export const ADMIN_AUDIT_PAGE_SIZE = 10;

export const adminAuditRootKey = ['admin', 'audit'] as const;

/** The audit list, newest first: bans, unbans and review decisions (GET /admin/audit). */
export function getAdminAudit(page: number, signal?: AbortSignal): Promise<AdminAuditResponse> {
  return call(admin.audit, { query: { page, limit: ADMIN_AUDIT_PAGE_SIZE } }, { signal });
}

export function useAdminAudit(page: number) {
  return useQuery({
    queryKey: [...adminAuditRootKey, page],
    queryFn: ({ signal }) => getAdminAudit(page, signal),
    placeholderData: keepPreviousData,
  });
}
