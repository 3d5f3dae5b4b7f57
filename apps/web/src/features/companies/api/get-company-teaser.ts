import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyTeaserResponse } from '@trustlinks/contract/companies';
import * as companies from '@trustlinks/contract/routes/companies';
import { call } from '../../../lib/api-client';

/**
 * The visitors' teaser of the database (docs/decisions/053-phone-first-and-database-teaser.md):
 * the first companies' names, types and websites, and the total. The server renderer prefetches
 * it with these options (app/page-data.ts).
 */
export function getCompanyTeaser(signal?: AbortSignal): Promise<CompanyTeaserResponse> {
  return call(companies.teaser, {}, { signal });
}

export function companyTeaserQueryOptions() {
  return queryOptions({
    queryKey: ['companies', 'teaser'] as const,
    queryFn: ({ signal }) => getCompanyTeaser(signal),
    staleTime: 60_000,
  });
}

export function useCompanyTeaser() {
  return useQuery(companyTeaserQueryOptions());
}
