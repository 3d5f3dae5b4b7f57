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
import { REVIEW_SORT_LABELS, REVIEW_SORTS, type ReviewSort } from '@trustlinks/contract/reviews';
import { selectClass } from '../../../components/ui/form-field';
import { useEntityReviews } from '../api/get-entity-reviews';
import { useEntityTrust } from '../api/get-entity-trust';
import { ENTITY_REVIEWS_TEXT as T, SORT_TEXT, TRUST_TEXT as TRUST } from '../reviews-texts';
import { PublicReviewCard } from './review-actions';
import { HowTrustScoreWorksLink, SubScores } from './trust-score-card';

interface EntityReviewsListProps {
  entityId: string;
  /** The heading's name; the list's answer names the entity when not given. */
  entityName?: string | undefined;
  /** Hide the heading row when the page around it has its own. */
  hideHeading?: boolean;
}

/**
 * The entity reviews list of docs/product/entities.md#entity-page: 'Reviews for {entity}', the total, the published reviews
 * newest first (10 a page) with votes, replies and Reply, numbered page buttons when there is more
 * than one page, and 'No reviews yet. Be the first to review!' when there is none.
 */
export function EntityReviewsList({ entityId, entityName, hideHeading }: EntityReviewsListProps) {
  const session = useSession();
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ReviewSort>('recent');
  const reviews = useEntityReviews(entityId, page, session?.user.user_id ?? null, sort);
  const trust = useEntityTrust(entityId);
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
      {/* The TrustScore's sub-scores with the count behind them (issue 14). */}
      {trust.data && trust.data.total_reviews > 0 ? (
        <div className="mb-4 flex flex-col gap-2 rounded-lg bg-muted/50 px-4 py-3">
          <p className="text-sm">
            <span className="font-semibold">
              {TRUST.title} {trust.data.reputation_score.toFixed(1)}
            </span>{' '}
            <span className="text-muted-foreground">{TRUST.basedOn(trust.data.total_reviews)}</span>
          </p>
          <SubScores trust={trust.data} compact />
          <HowTrustScoreWorksLink />
        </div>
      ) : null}
      {(total ?? 0) > 1 ? (
        <div className="mb-3 flex items-center justify-end gap-2">
          <label
            htmlFor={`sort-${entityId}`}
            className="text-sm whitespace-nowrap text-muted-foreground"
          >
            {SORT_TEXT.label}
          </label>
          <div className="w-44">
            <select
              id={`sort-${entityId}`}
              className={selectClass}
              value={sort}
              onChange={(e) => {
                setSort(e.target.value as ReviewSort);
                setPage(1);
              }}
            >
              {REVIEW_SORTS.map((s) => (
                <option key={s} value={s}>
                  {REVIEW_SORT_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}

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
