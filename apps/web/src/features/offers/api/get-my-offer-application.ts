import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '@trustlinks/contract/applications';
import * as applications from '@trustlinks/contract/routes/applications';
import { call } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

/**
 * GET /offers/applications/mine?offer_id={id}&limit=1: the caller's company's latest application
 * to this offer, or null (docs/decisions/027: the offer page shows where the affiliate stands). Under the
 * applications key, so applying or deciding anywhere refreshes it.
 */
export async function getMyOfferApplication(
  offerId: string,
  signal?: AbortSignal,
): Promise<Application | null> {
  const res = await call(
    applications.listMine,
    { query: { offer_id: offerId, limit: 1 } },
    { signal },
  );
  return res.applications[0] ?? null;
}

export function myOfferApplicationQueryOptions(offerId: string, userId: string) {
  return queryOptions({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'offer', offerId, userId] as const,
    queryFn: ({ signal }) => getMyOfferApplication(offerId, signal),
  });
}

export function useMyOfferApplication(offerId: string, userId: string | null, enabled: boolean) {
  return useQuery({
    ...myOfferApplicationQueryOptions(offerId, userId ?? ''),
    enabled: enabled && Boolean(userId),
  });
}
