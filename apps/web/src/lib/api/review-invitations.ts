import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewInvitationCreate } from '@trustlinks/contract/review-invitations';
import * as invitations from '@trustlinks/contract/routes/review-invitations';
import { call } from '../api-client';

/** Their own key: the reviews feature's Reviews tab and the dashboards' applications both write. */
const invitationsKey = (entityId: string) => ['review-invitations', entityId] as const;

/** The company's review invitations (docs/decisions/057): its members only. */
export function useReviewInvitations(entityId: string) {
  return useQuery({
    queryKey: invitationsKey(entityId),
    queryFn: ({ signal }) => call(invitations.list, { params: { id: entityId } }, { signal }),
  });
}

/** Mails invitations, or makes an application's link (shown once). */
export function useCreateReviewInvitations(entityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewInvitationCreate) =>
      call(invitations.create, { params: { id: entityId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: invitationsKey(entityId) }),
  });
}
