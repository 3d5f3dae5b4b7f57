import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Review } from '@trustlinks/contract/reviews';
import { ReviewLabelBadges } from '../../../components/reviews/review-label-badges';
import { Badge } from '../../../components/ui/badge';
import { StarRating } from '../../../components/ui/star-rating';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { entityPath, reviewerPath } from '../../../lib/paths';
import { REVIEW_CARD_TEXT as T, REVIEWER_TYPE_LABELS } from '../reviews-texts';
import { CategoryRatings } from './category-ratings';
import { ReviewStatusBadge } from './review-status-badge';

interface ReviewCardProps {
  review: Review;
  /** Name the reviewed entity (with a link to its page) under the title. */
  showEntity?: boolean;
  showStatus?: boolean;
  /** Leave out who wrote it (the author's own list). */
  hideReviewer?: boolean;
  /** Badges beside the title (e.g. "Disputed"). */
  badges?: ReactNode;
  /** Extra blocks under the text (admin details, replies). */
  children?: ReactNode;
  /** Actions along the bottom edge (votes, reply). */
  footer?: ReactNode;
  className?: string;
  as?: 'article' | 'li';
  /** The element id (a review's own address scrolls to it). */
  id?: string | undefined;
}

/**
 * One review as docs/product/entities.md#entity-page shows it: title, reviewer name and type, date, stars with the rating
 * out of 5, text, category ratings and tags. An anonymous review has no reviewer fields at all
 * (the API leaves them out): it says "Anonymous".
 */
export function ReviewCard({
  review,
  showEntity,
  showStatus,
  hideReviewer,
  badges,
  children,
  footer,
  className,
  as: Tag = 'article',
  id,
}: ReviewCardProps) {
  const reviewer = review.reviewer_name ?? T.anonymous;
  const type = review.reviewer_type ? REVIEWER_TYPE_LABELS[review.reviewer_type] : null;
  return (
    <Tag
      id={id}
      className={cn(
        'scroll-mt-24 rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5',
        className,
      )}
      aria-label={review.title}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-semibold leading-snug break-words">{review.title}</h3>
            {showStatus ? <ReviewStatusBadge status={review.review_status} /> : null}
            {badges}
          </div>
          {showEntity ? (
            <p className="mt-0.5 text-sm">
              <Link
                to={entityPath(review.entity_slug)}
                state={{ entityName: review.entity_name }}
                className="font-medium text-brand hover:underline underline-offset-4"
              >
                {review.entity_name}
              </Link>
            </p>
          ) : null}
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            {hideReviewer ? null : (
              <>
                {review.reviewer_slug && review.reviewer_name ? (
                  // The author's page (docs/decisions/054): never on an anonymous review, nor
                  // when the author hid it (the API leaves the slug out).
                  <Link
                    to={reviewerPath(review.reviewer_slug)}
                    className="font-medium text-foreground underline-offset-4 hover:text-brand hover:underline"
                  >
                    {reviewer}
                  </Link>
                ) : (
                  <span className="font-medium text-foreground">{reviewer}</span>
                )}
                {type ? <Badge variant="outline">{type}</Badge> : null}
                {review.is_own_review ? <Badge variant="brand">{T.yourReview}</Badge> : null}
                <span aria-hidden="true">·</span>
              </>
            )}
            <time dateTime={review.published_at ?? review.created_at}>
              {formatDate(review.published_at ?? review.created_at)}
            </time>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <StarRating value={review.overall_rating} size="md" />
          <span className="text-sm font-semibold tabular-nums">
            {T.outOf(review.overall_rating)}
          </span>
        </div>
      </div>
      <ReviewLabelBadges labels={review.labels} label={T.labelsLabel} />
      <p className="mt-3 text-sm leading-relaxed whitespace-pre-line break-words">
        {review.review_text}
      </p>
      <CategoryRatings ratings={review.category_ratings} className="mt-4 max-w-xl" />
      {review.tags.length > 0 ? (
        <ul aria-label={T.tagsLabel} className="mt-3 flex flex-wrap gap-1.5">
          {review.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="brand">{tag}</Badge>
            </li>
          ))}
        </ul>
      ) : null}
      {children}
      {footer ? (
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-border pt-3">
          {footer}
        </div>
      ) : null}
    </Tag>
  );
}
