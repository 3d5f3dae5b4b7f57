import { useEffect, useRef } from 'react';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import PenLine from 'lucide-react/icons/pen-line';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageNumbers } from '../../../components/ui/page-numbers';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import {
  REVIEW_SORT_HINTS,
  REVIEW_SORT_LABELS,
  REVIEW_SORTS,
  type EntityReviewsResponse,
  type ReviewSort,
} from '@trustlinks/contract/reviews';
import { cn } from '../../../lib/cn';
import { selectClass } from '../../../components/ui/form-field';
import { useEntityReviews } from '../api/get-entity-reviews';
import { useReview } from '../api/get-review';
import { ENTITY_REVIEWS_TEXT as T, INVITE_TEXT, SORT_TEXT } from '../reviews-texts';
import { EntityRemovals } from './entity-removals';
import { PublicReviewCard, reviewAnchor } from './review-actions';

interface EntityReviewsListProps {
  entityId: string;
  /** The heading's name; the list's answer names the entity when not given. */
  entityName?: string | undefined;
  /** Hide the heading row when the page around it has its own. */
  hideHeading?: boolean;
}

const STARS = [5, 4, 3, 2, 1] as const;

/** The list's state in the URL (docs/decisions/027; the server renders from it): sort, stars, page, review. */
/** The query parameters the list reads (readReviewsParams), for the server's page key (app/page-data.ts). */
export const REVIEWS_PARAMS = ['sort', 'stars', 'page', 'review'] as const;

export function readReviewsParams(params: URLSearchParams) {
  const sortParam = params.get('sort');
  const sort: ReviewSort = REVIEW_SORTS.find((s) => s === sortParam) ?? 'recent';
  const stars = Number(params.get('stars'));
  const rating = Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : null;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;
  return { sort, rating, page, review: params.get('review') };
}

/**
 * The entity reviews list of docs/product/entities.md#entity-page: 'Reviews for {entity}', the total, the published reviews
 * newest first (10 a page) with votes, replies and Reply, numbered page buttons when there is more
 * than one page, and 'No reviews yet. Be the first to review!' when there is none. docs/decisions/027: the
 * 5★…1★ distribution filters by stars; sort, stars and page live in the URL; a review's own
 * address (?review=) shows that review first and scrolls to it.
 */
export function EntityReviewsList({ entityId, entityName, hideHeading }: EntityReviewsListProps) {
  const session = useSession();
  const viewer = session?.user.user_id ?? null;
  const [params, setParams] = useSearchParams();
  const { sort, rating, page, review: linkedId } = readReviewsParams(params);
  const reviews = useEntityReviews(entityId, page, viewer, sort, rating);
  const linked = useReview(linkedId, viewer);
  const name = entityName ?? reviews.data?.entity.name;
  const total = reviews.data?.entity.total_reviews;
  const headingId = `entity-reviews-${entityId}`;

  /** Changes some of the list's URL state; any change but the page goes back to page 1. */
  function update(next: { sort?: ReviewSort; rating?: number | null; page?: number }) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next.sort !== undefined) {
          if (next.sort === 'recent') updated.delete('sort');
          else updated.set('sort', next.sort);
        }
        if (next.rating !== undefined) {
          if (next.rating === null) updated.delete('stars');
          else updated.set('stars', String(next.rating));
        }
        const nextPage = next.page ?? 1;
        if (nextPage > 1) updated.set('page', String(nextPage));
        else updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  }

  // A review's own address opens the page scrolled to it, once it has loaded.
  const scrolled = useRef<string | null>(null);
  useEffect(() => {
    if (!linkedId || !linked.data || scrolled.current === linkedId) return;
    scrolled.current = linkedId;
    document.getElementById(reviewAnchor(linkedId))?.scrollIntoView({ block: 'start' });
  }, [linkedId, linked.data]);

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
  const shown = reviews.data?.reviews.filter((r) => r.review_id !== linked.data?.review.review_id);

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

      {linkedId ? (
        <div className="mb-4">
          {linked.data ? (
            <>
              <p className="mb-2 text-sm font-medium text-muted-foreground">{T.linkedReview}</p>
              <PublicReviewCard
                review={linked.data.review}
                className="border-brand/60 ring-2 ring-brand/30"
              />
            </>
          ) : linked.isError ? (
            <Alert variant="info">{T.linkedMissing}</Alert>
          ) : (
            <Skeleton className="h-40 rounded-xl" />
          )}
        </div>
      ) : null}

      {reviews.data && reviews.data.entity.total_reviews > 0 ? (
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-2">
            <StarDistribution
              entity={reviews.data.entity}
              rating={rating}
              onChange={(next) => update({ sort, rating: next })}
            />
            {reviews.data.entity.invited_reviews > 0 ? (
              <p className="text-xs text-muted-foreground" data-testid="invited-share">
                {INVITE_TEXT.invitedShare(
                  reviews.data.entity.invited_reviews,
                  reviews.data.entity.total_reviews,
                )}
              </p>
            ) : null}
          </div>
          {reviews.data.entity.total_reviews > 1 ? (
            <div className="flex items-center gap-2 sm:justify-end">
              <label
                htmlFor={`sort-${entityId}`}
                className="sr-only text-sm whitespace-nowrap text-muted-foreground sm:not-sr-only"
              >
                {SORT_TEXT.label}
              </label>
              <div className="min-w-0 flex-1 sm:w-64 sm:flex-none">
                <select
                  id={`sort-${entityId}`}
                  className={selectClass}
                  value={sort}
                  onChange={(e) => update({ sort: e.target.value as ReviewSort, rating })}
                >
                  {REVIEW_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {SORT_TEXT.option(REVIEW_SORT_LABELS[s], REVIEW_SORT_HINTS[s])}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          ) : null}
        </div>
      ) : null}

      {rating !== null ? (
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm">
          <span>{T.showingStars(rating)}</span>
          <Button size="sm" variant="outline" onClick={() => update({ sort, rating: null })}>
            {T.showAll}
          </Button>
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
        <EmptyState
          icon={<MessageSquareText />}
          title={rating !== null ? T.emptyStars(rating) : T.empty}
        />
      ) : (
        <>
          <ol className="flex flex-col gap-3" aria-busy={reviews.isPlaceholderData}>
            {(shown ?? []).map((review) => (
              <li key={review.review_id}>
                <PublicReviewCard review={review} />
              </li>
            ))}
          </ol>
          <PageNumbers
            className="mt-6"
            page={page}
            totalPages={reviews.data.pagination.total_pages}
            onPageChange={(next) => update({ sort, rating, page: next })}
            disabled={reviews.isPlaceholderData}
            label={T.pagesLabel}
          />
        </>
      )}
      <EntityRemovals entityId={entityId} />
    </section>
  );
}

/** 5★…1★ with bars and counts; each row filters the list by its stars (again: shows all). */
function StarDistribution({
  entity,
  rating,
  onChange,
}: {
  entity: EntityReviewsResponse['entity'];
  rating: number | null;
  onChange: (rating: number | null) => void;
}) {
  const total = entity.total_reviews;
  return (
    <ul aria-label={T.distributionLabel} className="flex w-full max-w-xs flex-col gap-0.5">
      {STARS.map((stars) => {
        const n = entity.rating_counts[stars - 1] ?? 0;
        const share = total > 0 ? Math.round((n / total) * 100) : 0;
        const pressed = rating === stars;
        return (
          <li key={stars}>
            <button
              type="button"
              aria-pressed={pressed}
              aria-label={T.starsFilter(stars, n)}
              disabled={n === 0 && !pressed}
              onClick={() => onChange(pressed ? null : stars)}
              className={cn(
                'flex w-full items-center gap-2 rounded-md px-1.5 py-0.5 text-sm hover:bg-muted disabled:cursor-default disabled:opacity-60 disabled:hover:bg-transparent',
                pressed && 'bg-brand-soft text-brand-soft-foreground',
              )}
            >
              <span className="w-7 shrink-0 text-left tabular-nums">{T.starsRow(stars)}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted">
                <span
                  className="block h-full rounded-full bg-amber-500"
                  style={{ width: `${share}%` }}
                />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums text-muted-foreground">
                {n}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
