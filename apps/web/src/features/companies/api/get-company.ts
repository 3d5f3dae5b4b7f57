import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetailResponse } from '@trustlinks/contract/companies';
import * as companies from '@trustlinks/contract/routes/companies';
import { call } from '../../../lib/api-client';
import { WRAPPER_MESSAGES } from '../companies-content';
import { withFailureLog } from './log-failure';

/** A company's details with its number of contacts (docs/product/api.md#companies GET /affiliate-companies/{id}). */
export function getCompany(
  companyId: string,
  signal?: AbortSignal,
): Promise<CompanyDetailResponse> {
  return withFailureLog(WRAPPER_MESSAGES.company, () =>
    call(companies.get, { params: { id: companyId } }, { signal }),
  );
}

export function companyQueryKey(companyId: string) {
  return ['companies', 'detail', companyId] as const;
}

export function getCompanyQueryOptions(companyId: string) {
  return queryOptions({
    queryKey: companyQueryKey(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
  });
}

export function useCompany(companyId: string | null) {
  return useQuery({ ...getCompanyQueryOptions(companyId ?? ''), enabled: Boolean(companyId) });
}
