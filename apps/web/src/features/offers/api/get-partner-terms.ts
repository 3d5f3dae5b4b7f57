import { useQuery } from '@tanstack/react-query';
import * as applications from '@trustlinks/contract/routes/applications';
import { call } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

const PARTNERS_SHOWN = 20;

/**
 * GET /offers/{id}/applications?status=approved: the partners running the owner's offer, each
 * with the terms agreed with it (docs/decisions/048-agreed-terms.md). Under the applications key,
 * so a new payout or decision anywhere refreshes it.
 */
export function usePartnerTerms(offerId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...APPLICATIONS_QUERY_KEY, 'offer-partners', offerId] as const,
    queryFn: ({ signal }) =>
      call(
        applications.listOfOffer,
        { params: { id: offerId }, query: { status: 'approved', limit: PARTNERS_SHOWN } },
        { signal },
      ),
    enabled,
  });
}
