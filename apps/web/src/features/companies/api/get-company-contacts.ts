import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyContactsResponse } from '@trustlinks/contract/companies';
import * as companies from '@trustlinks/contract/routes/companies';
import { call } from '../../../lib/api-client';
import { WRAPPER_MESSAGES } from '../companies-content';
import { withFailureLog } from './log-failure';

/**
 * A company's contacts (docs/product/api.md#companies GET /affiliate-companies/{id}/contacts). The server leaves
 * email and phone out unless the caller has verified access, and says which in `access`.
 */
export function getCompanyContacts(
  companyId: string,
  signal?: AbortSignal,
): Promise<CompanyContactsResponse> {
  return withFailureLog(WRAPPER_MESSAGES.contacts, () =>
    call(companies.contacts, { params: { id: companyId } }, { signal }),
  );
}

export const companyContactsRootKey = ['companies', 'contacts'] as const;

/** Per viewer: what one user may see is not what the next one may. */
export function companyContactsQueryKey(companyId: string, viewerId: string) {
  return [...companyContactsRootKey, viewerId, companyId] as const;
}

export function getCompanyContactsQueryOptions(companyId: string, viewerId: string) {
  return queryOptions({
    queryKey: companyContactsQueryKey(companyId, viewerId),
    queryFn: ({ signal }) => getCompanyContacts(companyId, signal),
  });
}

export function useCompanyContacts(companyId: string | null, viewerId: string) {
  return useQuery({
    ...getCompanyContactsQueryOptions(companyId ?? '', viewerId),
    enabled: Boolean(companyId),
  });
}
