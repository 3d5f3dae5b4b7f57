import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReplyType, ReplyWithMessage } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

export interface ReplyInput {
  reviewId: string;
  reply_type: ReplyType;
  reply_text: string;
}

/** Replies to or disputes a review (docs/product/api.md#reviews POST /reviews/{id}/reply). */
export function replyToReview({ reviewId, ...body }: ReplyInput): Promise<ReplyWithMessage> {
  return call(reviews.reply, { params: { id: reviewId }, body });
}

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}
