import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LandingResponse } from '@trustlinks/contract/landing';
import * as landing from '@trustlinks/contract/routes/landing';
import { call } from '../../../lib/api-client';

/**
 * GET /landing (docs/decisions/026-public-pages-and-data-rights.md): the landing
 * page's counted figures and real cards. One query for the whole page; the server renderer can
 * prefetch it with these options.
 */
export function getLanding(signal?: AbortSignal): Promise<LandingResponse> {
  return call(landing.get, {}, { signal });
}

export function landingQueryOptions() {
  return queryOptions({
    queryKey: ['landing'] as const,
    queryFn: ({ signal }) => getLanding(signal),
    // The figures are kept a minute on the server too (LANDING_FIGURES_MS).
    staleTime: 60_000,
  });
}

export function useLanding() {
  return useQuery(landingQueryOptions());
}
