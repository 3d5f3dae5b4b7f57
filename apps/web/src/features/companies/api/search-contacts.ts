import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyType, ContactSearchResponse } from '@trustlinks/contract/companies';
import { COMPANY_LIMITS } from '@trustlinks/contract/companies';
import * as companies from '@trustlinks/contract/routes/companies';
import { call } from '../../../lib/api-client';
import { WRAPPER_MESSAGES } from '../companies-content';
import { withFailureLog } from './log-failure';

export interface ContactSearchParams {
  q: string;
  type?: CompanyType | undefined;
  page?: number;
  limit?: number;
}

/** Contacts by name or designation (docs/product/api.md#companies GET /affiliate-companies/contacts/search). */
export function searchContacts(
  params: ContactSearchParams,
  signal?: AbortSignal,
): Promise<ContactSearchResponse> {
  return withFailureLog(WRAPPER_MESSAGES.search, () =>
    call(
      companies.searchContacts,
      {
        query: { q: params.q.trim(), type: params.type, page: params.page, limit: params.limit },
      },
      { signal },
    ),
  );
}

export function searchContactsQueryKey(params: ContactSearchParams, viewerId: string) {
  return [
    'companies',
    'contact-search',
    viewerId,
    params.q.trim(),
    params.type ?? 'all',
    params.page ?? 1,
    params.limit ?? COMPANY_LIMITS.contactSearchDefaultLimit,
  ] as const;
}

export function searchContactsQueryOptions(params: ContactSearchParams, viewerId: string) {
  return queryOptions({
    queryKey: searchContactsQueryKey(params, viewerId),
    queryFn: ({ signal }) => searchContacts(params, signal),
  });
}

/** Runs once the query is long enough for the server (3 characters). */
export function useContactSearch(params: ContactSearchParams, viewerId: string) {
  return useQuery({
    ...searchContactsQueryOptions(params, viewerId),
    enabled: params.q.trim().length >= COMPANY_LIMITS.contactSearchMin,
    placeholderData: keepPreviousData,
  });
}
