import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CompanyListResponse, CompanyType } from '@trustlinks/contract/companies';
import { PAGE_SIZES } from '@trustlinks/contract/constants';
import * as companies from '@trustlinks/contract/routes/companies';
import { call } from '../../../lib/api-client';
import { WRAPPER_MESSAGES } from '../companies-content';
import { withFailureLog } from './log-failure';

export interface CompanyFilters {
  type: CompanyType | undefined;
  /** The debounced, trimmed search ('' for none). */
  search: string;
  /** Whose list it is: a change of login starts the list again (docs/product/states.md). */
  viewerId: string;
}

/** One page of companies (docs/product/api.md#companies GET /affiliate-companies/fetch). */
export function getCompanies(
  params: { page: number; limit?: number; type?: CompanyType | undefined; search?: string },
  signal?: AbortSignal,
): Promise<CompanyListResponse> {
  return withFailureLog(WRAPPER_MESSAGES.companies, () =>
    call(
      companies.list,
      {
        query: {
          page: params.page,
          limit: params.limit ?? PAGE_SIZES.companies,
          type: params.type,
          search: params.search,
        },
      },
      { signal },
    ),
  );
}

export const companiesRootKey = ['companies', 'list'] as const;

export function companiesQueryKey({ type, search, viewerId }: CompanyFilters) {
  return [...companiesRootKey, viewerId, type ?? 'all', search] as const;
}

/**
 * Pages of 20, appended by "Load More". A new type, search or login is a new key, so the list
 * starts again at page 1; gcTime 0 drops a list nobody shows, so coming back to earlier filters
 * starts at page 1 too instead of showing every page loaded before.
 */
export function getCompaniesQueryOptions(filters: CompanyFilters) {
  return infiniteQueryOptions({
    queryKey: companiesQueryKey(filters),
    queryFn: ({ pageParam, signal }) =>
      getCompanies({ page: pageParam, type: filters.type, search: filters.search }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.hasNextPage ? last.pagination.page + 1 : undefined,
    gcTime: 0,
  });
}

export function useCompanies(filters: CompanyFilters, enabled: boolean) {
  return useInfiniteQuery({ ...getCompaniesQueryOptions(filters), enabled });
}
