import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@trustlinks/contract/admin';
import * as admin from '@trustlinks/contract/routes/admin';
import { call } from '../../../lib/api-client';

export interface AdminUsersParams {
  page: number;
  limit: number;
  search: string;
}

/** Rows per page of the user table (ours; the API allows up to 100). */
export const ADMIN_USERS_PAGE_SIZE = 20;

/** Users for admins, paged and searchable by name or email (GET /admin/users). */
export function getAdminUsers(
  { page, limit, search }: AdminUsersParams,
  signal?: AbortSignal,
): Promise<AdminUsersResponse> {
  return call(admin.listUsers, { query: { page, limit, search: search.trim() } }, { signal });
}

export const adminUsersRootKey = ['admin', 'users'] as const;

export function adminUsersQueryKey(params: AdminUsersParams) {
  return [...adminUsersRootKey, params.search.trim(), params.page, params.limit] as const;
}

export function getAdminUsersQueryOptions(params: AdminUsersParams) {
  return queryOptions({
    queryKey: adminUsersQueryKey(params),
    queryFn: ({ signal }) => getAdminUsers(params, signal),
  });
}

/** The previous page stays on screen while the next page or search result loads. */
export function useAdminUsers(params: AdminUsersParams) {
  return useQuery({ ...getAdminUsersQueryOptions(params), placeholderData: keepPreviousData });
}
