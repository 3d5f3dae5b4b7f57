import type { Review } from '@trustlinks/contract/reviews';

/**
 * A review's own address: its entity's page, scrolled to it (the `review-{id}` anchor). The
 * landing's review cards and their Helpful/Reply buttons open it.
 */
export function reviewPath(review: Pick<Review, 'entity_id' | 'review_id'>): string {
  return `/entity/${review.entity_id}#review-${review.review_id}`;
}
