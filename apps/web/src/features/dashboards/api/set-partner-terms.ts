import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationTermsInput } from '@trustlinks/contract/applications';
import * as applications from '@trustlinks/contract/routes/applications';
import { call } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

/**
 * PUT /offers/applications/{id}/terms: the offer's owner sets one partner's payout on its
 * approved application (docs/decisions/048-agreed-terms.md).
 */
export function useSetPartnerTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, ...body }: ApplicationTermsInput & { applicationId: string }) =>
      call(applications.setTerms, { params: { id: applicationId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}
