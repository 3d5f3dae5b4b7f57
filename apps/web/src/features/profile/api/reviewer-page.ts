import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReviewerProfile } from '@trustlinks/contract/reviewers';
import * as reviewers from '@trustlinks/contract/routes/reviewers';
import { call } from '../../../lib/api-client';

/** The signed-in reviewer's page and its setting (docs/decisions/054). */
export const reviewerPageKey = (userId: string) => ['profile', 'reviewer-page', userId] as const;

export function useMyReviewerPage(userId: string) {
  return useQuery({
    queryKey: reviewerPageKey(userId),
    queryFn: ({ signal }): Promise<MyReviewerProfile> => call(reviewers.getMine, {}, { signal }),
  });
}

/** Hides or shows the page; every kept review list follows (their author links). */
export function useSetReviewerPageHidden(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hidden: boolean) => call(reviewers.setVisibility, { body: { hidden } }),
    onSuccess: ({ message: _message, ...page }) => {
      queryClient.setQueryData<MyReviewerProfile>(reviewerPageKey(userId), page);
      void queryClient.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}
