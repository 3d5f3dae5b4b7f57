import MessageSquare from 'lucide-react/icons/message-square';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import { Link } from 'react-router';
import { ReviewLabelBadges } from '../../../components/reviews/review-label-badges';
import { buttonClasses } from '../../../components/ui/button';
import { StarRating } from '../../../components/ui/star-rating';
import { REVIEWER_ROLE_LABELS } from '../../../lib/entity-type-labels';
import { entityPath, reviewPath } from '../../../lib/paths';
import { useLanding } from '../api/get-landing';
import { REVIEWS } from '../landing-content';
import { CardGridSection } from './section-heading';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('');
}

const actionClass = buttonClasses({
  variant: 'ghost',
  size: 'sm',
  className: 'text-muted-foreground',
});

/**
 * The newest published reviews, with the labels the entity page shows; Helpful and Reply open the
 * review on its entity's page, where voting and replying happen.
 */
export function ReviewsSection() {
  const { data } = useLanding();
  return (
    <CardGridSection
      id="reviews"
      className="py-16 sm:py-20"
      content={{
        ...REVIEWS,
        subtitle: (
          <>
            {REVIEWS.subtitle}{' '}
            <Link to={REVIEWS.compare.to} className="font-semibold text-brand hover:underline">
              {REVIEWS.compare.label}
            </Link>
          </>
        ),
      }}
      gridClassName="md:grid-cols-3"
      items={data?.reviews}
      loadingCount={3}
      empty={REVIEWS.empty}
      itemKey={(review) => review.review_id}
    >
      {(review) => {
        const name = review.reviewer_name ?? REVIEWS.anonymous;
        const to = reviewPath(review.entity_slug, review.review_id);
        return (
          <>
            <StarRating value={review.overall_rating} />
            <ReviewLabelBadges labels={review.labels} />
            <h3 className="mt-4 font-semibold break-words">
              <Link to={to} className="rounded-sm hover:underline">
                {review.title}
              </Link>
            </h3>
            <p className="mt-2 line-clamp-4 text-sm leading-relaxed break-words text-muted-foreground">
              “{review.review_text}”
            </p>
            <div className="mt-5 flex items-center gap-3">
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-semibold text-brand-soft-foreground"
              >
                {initialsOf(name)}
              </span>
              <div className="min-w-0 text-sm">
                <p className="font-medium">
                  {name}
                  {review.reviewer_type ? (
                    <span className="font-normal text-muted-foreground">
                      {' '}
                      · {REVIEWER_ROLE_LABELS[review.reviewer_type]}
                    </span>
                  ) : null}
                </p>
                <p className="text-muted-foreground">
                  {REVIEWS.reviewOf}{' '}
                  <Link to={entityPath(review.entity_slug)} className="hover:underline">
                    {review.entity_name}
                  </Link>
                </p>
              </div>
            </div>
            <div className="mt-auto pt-5">
              <div className="flex items-center gap-1 border-t border-border pt-3 [&>a:first-child]:-ml-3">
                <Link
                  to={to}
                  className={actionClass}
                  aria-label={`${REVIEWS.helpful} (${review.helpful_votes}): ${review.title}`}
                >
                  <ThumbsUp aria-hidden="true" />
                  {REVIEWS.helpful} ({review.helpful_votes})
                </Link>
                <Link
                  to={to}
                  className={actionClass}
                  aria-label={`${REVIEWS.reply}: ${review.title}`}
                >
                  <MessageSquare aria-hidden="true" />
                  {REVIEWS.reply}
                </Link>
              </div>
            </div>
          </>
        );
      }}
    </CardGridSection>
  );
}
