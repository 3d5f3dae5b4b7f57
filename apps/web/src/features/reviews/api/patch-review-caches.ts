import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Review } from '@trustlinks/contract/reviews';
import { reviewKeys } from './review-keys';

type ReviewList = { reviews: Review[] };

function isList(value: unknown): value is ReviewList {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as ReviewList).reviews)
  );
}

function isOne(value: unknown): value is { review: Review } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { review?: { review_id?: unknown } }).review?.review_id === 'string'
  );
}

function isInfinite(value: unknown): value is InfiniteData<ReviewList> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as InfiniteData<unknown>).pages)
  );
}

function patchList<T extends ReviewList>(list: T, reviewId: string, patch: Partial<Review>): T {
  if (!list.reviews.some((r) => r.review_id === reviewId)) return list;
  return {
    ...list,
    reviews: list.reviews.map((r) => (r.review_id === reviewId ? { ...r, ...patch } : r)),
  };
}

/** Applies a change of one review (e.g. its vote counts) to every cached list that shows it. */
export function patchReviewInCaches(
  queryClient: QueryClient,
  reviewId: string,
  patch: Partial<Review>,
): void {
  queryClient.setQueriesData({ queryKey: reviewKeys.all }, (data: unknown) => {
    if (isList(data)) return patchList(data, reviewId, patch);
    // One review read by its own address (get-review.ts).
    if (isOne(data) && data.review.review_id === reviewId) {
      return { ...data, review: { ...data.review, ...patch } };
    }
    if (isInfinite(data) && data.pages.every(isList)) {
      return { ...data, pages: data.pages.map((p) => patchList(p, reviewId, patch)) };
    }
    return data;
  });
}
