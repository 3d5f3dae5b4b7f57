import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDecisionInput } from '@trustlinks/contract/applications';
import type { ApplicationDecisionResponse } from '@trustlinks/contract/applications';
import * as applications from '@trustlinks/contract/routes/applications';
import { call } from '../../../lib/api-client';
import { APPLICATIONS_QUERY_KEY } from '../../../lib/api/applications';

export interface DecideApplicationInput extends ApplicationDecisionInput {
  applicationId: string;
}

export type DecideApplicationResponse = ApplicationDecisionResponse;

/**
 * PUT /offers/applications/{id}: the offer's owner approves or rejects (with an optional note),
 * the applicant withdraws its pending application (docs/decisions/014).
 */
export function decideApplication({
  applicationId,
  ...body
}: DecideApplicationInput): Promise<DecideApplicationResponse> {
  return call(applications.decide, { params: { id: applicationId }, body });
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY }),
  });
}
