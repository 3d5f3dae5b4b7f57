import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewInvitationCreate } from '@trustlinks/contract/review-invitations';
import * as invitations from '@trustlinks/contract/routes/review-invitations';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** The company's review invitations (docs/decisions/057): its members only. */
export function useReviewInvitations(entityId: string) {
  return useQuery({
    queryKey: reviewKeys.invitations(entityId),
    queryFn: ({ signal }) => call(invitations.list, { params: { id: entityId } }, { signal }),
  });
}

/** Mails invitations, or makes an application's link (shown once). */
export function useCreateReviewInvitations(entityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInvitationCreate) =>
      call(invitations.create, { params: { id: entityId }, body }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: reviewKeys.invitations(entityId) }),
  });
}
