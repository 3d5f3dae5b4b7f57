import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewerProfile } from '@trustlinks/contract/reviewers';
import * as reviewers from '@trustlinks/contract/routes/reviewers';
import { call } from '../../../lib/api-client';
import { reviewKeys } from './review-keys';

/** A reviewer's page (GET /reviewers/{slug}; docs/decisions/054). */
export function getReviewer(slug: string, signal?: AbortSignal): Promise<ReviewerProfile> {
  return call(reviewers.getProfile, { params: { slug } }, { signal });
}

/** `viewer`: the signed-in reader (the reviewer sees their own hidden page), null for a visitor. */
export function getReviewerQueryOptions(slug: string, viewer: string | null) {
  return queryOptions({
    queryKey: reviewKeys.reviewer(slug, viewer),
    queryFn: ({ signal }) => getReviewer(slug, signal),
  });
}

export function useReviewer(slug: string, viewer: string | null) {
  return useQuery(getReviewerQueryOptions(slug, viewer));
}
