import { useState } from 'react';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import PenLine from 'lucide-react/icons/pen-line';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageNumbers } from '../../../components/ui/page-numbers';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { useEntityReviews } from '../api/get-entity-reviews';
import { ENTITY_REVIEWS_TEXT as T } from '../reviews-texts';
import { PublicReviewCard } from './review-actions';

interface EntityReviewsListProps {
  entityId: string;
  /** The heading's name; the list's answer names the entity when not given. */
  entityName?: string | undefined;
  /** Hide the heading row when the page around it has its own. */
  hideHeading?: boolean;
}

/**
 * The entity reviews list of SPEC §2.20: 'Reviews for {entity}', the total, the published reviews
 * newest first (10 a page) with votes, replies and Reply, numbered page buttons when there is more
 * than one page, and 'No reviews yet. Be the first to review!' when there is none.
 */
export function EntityReviewsList({ entityId, entityName, hideHeading }: EntityReviewsListProps) {
  const session = useSession();
  const [page, setPage] = useState(1);
  const reviews = useEntityReviews(entityId, page, session?.user.user_id ?? null);
  const name = entityName ?? reviews.data?.entity.name;
  const total = reviews.data?.pagination.total_reviews;
  const headingId = `entity-reviews-${entityId}`;

  // An entity's own users cannot review it (the API refuses): no button for them.
  const ownEntity = session?.user.entity_id === entityId;
  const writeLink = ownEntity ? null : (
    <Link
      to={`/writereview?entity_id=${encodeURIComponent(entityId)}`}
      className={buttonClasses({ size: 'sm' })}
    >
      <PenLine aria-hidden="true" />
      {T.write}
    </Link>
  );

  return (
    <section aria-labelledby={hideHeading ? undefined : headingId}>
      {hideHeading ? null : (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id={headingId} className="text-lg font-semibold">
              {name ? T.heading(name) : <Skeleton className="h-6 w-48" />}
            </h2>
            {total !== undefined ? (
              <p className="text-sm text-muted-foreground">{T.total(total)}</p>
            ) : null}
          </div>
          {writeLink}
        </div>
      )}

      {reviews.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <p role="status" className="sr-only">
            {T.loading}
          </p>
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : reviews.isError ? (
        <Alert variant="danger">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{T.failed}</span>
            <Button size="sm" variant="outline" onClick={() => void reviews.refetch()}>
              {T.retry}
            </Button>
          </div>
        </Alert>
      ) : reviews.data.reviews.length === 0 ? (
        <EmptyState icon={<MessageSquareText />} title={T.empty} />
      ) : (
        <>
          <ol className="flex flex-col gap-3" aria-busy={reviews.isPlaceholderData}>
            {reviews.data.reviews.map((review) => (
              <li key={review.review_id}>
                <PublicReviewCard review={review} />
              </li>
            ))}
          </ol>
          <PageNumbers
            className="mt-6"
            page={page}
            totalPages={reviews.data.pagination.total_pages}
            onPageChange={setPage}
            disabled={reviews.isPlaceholderData}
            label={T.pagesLabel}
          />
        </>
      )}
    </section>
  );
}
