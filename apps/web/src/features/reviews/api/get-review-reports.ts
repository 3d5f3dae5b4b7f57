import { queryOptions, useQuery } from '@tanstack/react-query';
import { REPORT_LIMITS, type ReportsResponse } from '@trustlinks/contract/reviews';
import * as reviews from '@trustlinks/contract/routes/reviews';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** Open reports of published reviews, oldest first (GET /reviews/admin/reports, admins). */
export function getReviewReports(signal?: AbortSignal): Promise<ReportsResponse> {
  return call(reviews.listReports, { query: { limit: REPORT_LIMITS.listMax } }, { signal });
}

export function getReviewReportsQueryOptions() {
  return queryOptions({
    queryKey: reviewKeys.reports(),
    queryFn: ({ signal }) => getReviewReports(signal),
  });
}

export function useReviewReports(enabled = true) {
  return useQuery({ ...getReviewReportsQueryOptions(), enabled });
}
