import type { ReactNode } from 'react';
import Activity from 'lucide-react/icons/activity';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import PenLine from 'lucide-react/icons/pen-line';
import { Link } from 'react-router';
import type { Review } from '@trustlinks/contract/reviews';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { StarRating } from '../../../components/ui/star-rating';
import { formatDate } from '../../../lib/format-date';
import { useMyReviews } from '../api/get-my-reviews';
import { formatAverage } from '../review-display';
import { MY_REVIEWS_TEXT as T } from '../reviews-texts';
import { ReviewCard } from './review-card';
import { ReviewProofs } from './review-proofs';
import { ReviewStatusBadge } from './review-status-badge';

const RECENT_COUNT = 3;

interface MyReviewsTabProps {
  /** The user dashboard's tab (features/dashboards): overview, the list, or the activity. */
  tab: 'overview' | 'reviews' | 'activity';
  userId: string;
  /** The overview's 'View all' (to the My Reviews tab). */
  onViewAll: () => void;
}

/**
 * The user's own reviews in a tab of the user dashboard (docs/product/dashboards.md#user-dashboard),
 * composed into that page by app/user-dashboard.tsx. Every tab reads the same cached query.
 */
export function MyReviewsTab({ tab, userId, onViewAll }: MyReviewsTabProps) {
  const mine = useMyReviews(userId);
  if (mine.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p role="status" className="sr-only">
          {T.loading}
        </p>
        <Skeleton className="h-24 rounded-xl" />
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (mine.isError) {
    return (
      <Alert variant="danger">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{T.failed(mine.error.message)}</span>
          <Button size="sm" variant="outline" onClick={() => void mine.refetch()}>
            {T.retry}
          </Button>
        </div>
      </Alert>
    );
  }
  const reviews = mine.data.reviews;
  const content: Record<MyReviewsTabProps['tab'], ReactNode> = {
    overview: <Overview reviews={reviews} onViewAll={onViewAll} />,
    reviews: <MyReviews reviews={reviews} />,
    activity: <ActivityTimeline reviews={reviews} />,
  };
  return content[tab];
}

function Overview({ reviews, onViewAll }: { reviews: Review[]; onViewAll: () => void }) {
  const published = reviews.filter((r) => r.review_status === 'approved').length;
  const pending = reviews.filter((r) => r.review_status === 'pending').length;
  const average = reviews.length
    ? reviews.reduce((sum, r) => sum + r.overall_rating, 0) / reviews.length
    : 0;
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label={T.totalReviews} value={String(reviews.length)} />
        <StatCard label={T.published} value={String(published)} />
        <StatCard label={T.pending} value={String(pending)} />
        <StatCard label={T.avgRating} value={formatAverage(average, T.na)} />
      </dl>
      <section aria-labelledby="recent-reviews-heading">
        <h2 id="recent-reviews-heading" className="mb-3 text-lg font-semibold">
          {T.recentReviews}
        </h2>
        {reviews.length === 0 ? (
          <Card>
            <EmptyState
              icon={<MessageSquareText />}
              title={T.noReviews}
              description={T.noReviewsHint}
              action={
                <Link to="/review" className={buttonClasses()}>
                  <PenLine aria-hidden="true" />
                  {T.writeFirst}
                </Link>
              }
            />
          </Card>
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {reviews.slice(0, RECENT_COUNT).map((review) => (
                <li key={review.review_id}>
                  <ReviewCard review={review} showEntity showStatus hideReviewer />
                </li>
              ))}
            </ul>
            {reviews.length > RECENT_COUNT ? (
              <Button variant="outline" className="mt-4" onClick={onViewAll}>
                {T.viewAll(reviews.length)}
              </Button>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}

function StatCard({ label, value }: { label: string; value: string }) {
  return (
    <Card className="px-4 py-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </Card>
  );
}

function MyReviews({ reviews }: { reviews: Review[] }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex justify-end">
        <Link to="/review" className={buttonClasses({ size: 'sm' })}>
          <PenLine aria-hidden="true" />
          {T.writeNew}
        </Link>
      </div>
      {reviews.length === 0 ? (
        <Card>
          <EmptyState icon={<MessageSquareText />} title={T.noReviews} />
        </Card>
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li key={review.review_id}>
              <ReviewCard review={review} showEntity showStatus hideReviewer>
                {/* The author's own payment proof files (docs/decisions/012). */}
                <ReviewProofs review={review} />
              </ReviewCard>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ActivityTimeline({ reviews }: { reviews: Review[] }) {
  if (reviews.length === 0) {
    return (
      <Card>
        <EmptyState icon={<Activity />} title={T.noActivity} />
      </Card>
    );
  }
  return (
    <ol className="relative ml-2 border-l border-border">
      {reviews.map((review) => (
        <li key={review.review_id} className="relative pb-6 pl-6 last:pb-0">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[5px] size-2.5 rounded-full bg-brand ring-4 ring-background"
          />
          <p className="font-medium">{T.activityLine(review.entity_name)}</p>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <ReviewStatusBadge status={review.review_status} />
            <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
            <StarRating value={review.overall_rating} />
          </div>
        </li>
      ))}
    </ol>
  );
}
