import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Application, ApplicationDecisionInput } from '@trustlinks/contract/applications';
import { api } from '../../../lib/api-client';

export interface DecideApplicationInput extends ApplicationDecisionInput {
  applicationId: string;
}

export interface DecideApplicationResponse {
  message: string;
  application: Application;
}

/**
 * PUT /offers/applications/{id}: the offer's owner approves or rejects (with an optional note),
 * the applicant withdraws its pending application (issue 15).
 */
export function decideApplication({
  applicationId,
  ...body
}: DecideApplicationInput): Promise<DecideApplicationResponse> {
  return api.put<DecideApplicationResponse>(
    `/offers/applications/${encodeURIComponent(applicationId)}`,
    body,
  );
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
