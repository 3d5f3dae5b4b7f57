import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportCreateInput } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

export interface ReportInput extends ReportCreateInput {
  reviewId: string;
}

/** Reports a published review to the moderators (POST /reviews/{id}/report, docs/decisions/027). */
export function reportReview({ reviewId, ...body }: ReportInput): Promise<{ message: string }> {
  return call(reviews.report, { params: { id: reviewId }, body });
}

export function useReportReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportReview,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.reports() }),
  });
}
