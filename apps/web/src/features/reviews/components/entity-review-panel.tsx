import { useState } from 'react';
import type { ReactNode } from 'react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import CircleAlert from 'lucide-react/icons/circle-alert';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import Reply from 'lucide-react/icons/reply';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import Star from 'lucide-react/icons/star';
import type { ReviewStatus } from '@trustlinks/contract/constants';
import type { ReplyType, Review } from '@trustlinks/contract/reviews';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { useEntityReviewDashboard } from '../api/get-entity-review-dashboard';
import { formatAverage } from '../review-display';
import { PANEL_TEXT as T, REVIEW_CARD_TEXT, REVIEW_STATUS_LABELS } from '../reviews-texts';
import { InviteReviewsCard } from './invite-reviews-card';
import { availableReplyTypes, ReplyDialog } from './reply-dialog';
import { ReviewCard } from './review-card';
import { ReviewReplies } from './review-replies';

const PANEL_TABS: ReviewStatus[] = ['approved', 'pending', 'rejected', 'flagged'];

/**
 * The review management panel of docs/product/dashboards.md#advertiser-dashboard for the Reviews tab of the advertiser, affiliate and
 * network dashboards: the logged-in user's entity's reviews by status (Approved, Pending,
 * Rejected, Flagged; 20 a page), its statistics, and a reply/dispute dialog on published reviews.
 * Composed into the dashboards by app/router.tsx.
 */
export function EntityReviewPanel({ entityId: given }: { entityId?: string | null }) {
  const session = useSession();
  const entityId = given ?? session?.user.entity_id ?? null;
  const [status, setStatus] = useState<ReviewStatus>('approved');
  if (!entityId) {
    return <EmptyState icon={<MessageSquareText />} title={T.noEntity} />;
  }
  return (
    <section aria-labelledby="entity-review-panel-heading">
      <h2 id="entity-review-panel-heading" className="text-lg font-semibold">
        {T.heading}
      </h2>
      <PanelStats entityId={entityId} status={status} />
      <div className="mt-5">
        <InviteReviewsCard entityId={entityId} />
      </div>
      <Tabs<ReviewStatus>
        className="mt-5"
        label={T.tabsLabel}
        value={status}
        onValueChange={setStatus}
        panelClassName="pt-5"
        items={PANEL_TABS.map((s) => ({
          value: s,
          label: REVIEW_STATUS_LABELS[s],
          content: <PanelList key={s} entityId={entityId} status={s} />,
        }))}
      />
    </section>
  );
}

function PanelList({ entityId, status }: { entityId: string; status: ReviewStatus }) {
  const [page, setPage] = useState(1);
  const [replyTo, setReplyTo] = useState<{ review: Review; type: ReplyType } | null>(null);
  const dashboard = useEntityReviewDashboard(entityId, status, page);

  if (dashboard.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-48 rounded-xl" />
      </div>
    );
  }
  if (dashboard.isError) {
    return (
      <Alert variant="danger">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{T.failed(dashboard.error.message)}</span>
          <Button size="sm" variant="outline" onClick={() => void dashboard.refetch()}>
            {T.retry}
          </Button>
        </div>
      </Alert>
    );
  }

  const { reviews, pagination } = dashboard.data;
  return (
    <div className="flex flex-col gap-5">
      {reviews.length === 0 ? (
        <EmptyState icon={<MessageSquareText />} title={T.empty(status)} />
      ) : (
        <ul className={cn('flex flex-col gap-3', dashboard.isPlaceholderData && 'opacity-60')}>
          {reviews.map((review) => (
            <li key={review.review_id}>
              <PanelReview review={review} onReply={(type) => setReplyTo({ review, type })} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        totalPages={pagination.total_pages}
        onPageChange={setPage}
        disabled={dashboard.isPlaceholderData}
        label={T.pagesLabel}
      />
      <ReplyDialog
        review={replyTo?.review ?? null}
        initialType={replyTo?.type}
        onOpenChange={(open) => !open && setReplyTo(null)}
      />
    </div>
  );
}

/** The entity's statistics (docs/product/data.md), from the first page of the tab in view (a shared request). */
function PanelStats({ entityId, status }: { entityId: string; status: ReviewStatus }) {
  const dashboard = useEntityReviewDashboard(entityId, status, 1);
  const statistics = dashboard.data?.statistics;
  if (!statistics) {
    return (
      <div className="mt-3 grid grid-cols-3 gap-2 sm:gap-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-[4.5rem] rounded-xl" />
        ))}
      </div>
    );
  }
  return (
    <dl className="mt-3 grid grid-cols-3 gap-2 sm:gap-3">
      <Stat
        label={T.avgRating}
        value={formatAverage(statistics.avg_rating, T.na)}
        icon={<Star className="fill-star text-star" />}
      />
      <Stat label={T.totalReviews} value={String(statistics.total_reviews)} />
      <Stat label={T.pendingReviews} value={String(statistics.pending_reviews)} />
    </dl>
  );
}

function Stat({ label, value, icon }: { label: string; value: string; icon?: ReactNode }) {
  return (
    <Card className="px-3 py-3 sm:px-4">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex items-center gap-1.5 text-xl font-semibold tabular-nums sm:text-2xl [&_svg]:size-5">
        {icon}
        {value}
      </dd>
    </Card>
  );
}

function PanelReview({ review, onReply }: { review: Review; onReply: (type: ReplyType) => void }) {
  const session = useSession();
  const [showReplies, setShowReplies] = useState(false);
  const published = review.review_status === 'approved';
  const allowed = published ? availableReplyTypes(review) : [];
  const canReply = allowed.includes('response');
  const canDispute = allowed.includes('dispute');
  const hasThread = review.reply_count > 0 || Boolean(review.is_disputed);
  return (
    <ReviewCard
      review={review}
      badges={
        <>
          {review.has_owner_reply ? <Badge variant="success">{T.replied}</Badge> : null}
          {review.is_disputed ? (
            <Badge variant="warning">
              <CircleAlert aria-hidden="true" />
              {T.disputed}
            </Badge>
          ) : null}
        </>
      }
      footer={
        published ? (
          <>
            <span className="px-1 text-sm text-muted-foreground">
              {REVIEW_CARD_TEXT.helpful} {review.helpful_votes} · {REVIEW_CARD_TEXT.notHelpful}{' '}
              {review.unhelpful_votes}
            </span>
            {hasThread ? (
              <Button
                variant="ghost"
                size="sm"
                aria-expanded={showReplies}
                onClick={() => setShowReplies((v) => !v)}
              >
                {showReplies
                  ? REVIEW_CARD_TEXT.hideReplies
                  : REVIEW_CARD_TEXT.replies(review.reply_count + (review.is_disputed ? 1 : 0))}
                <ChevronDown
                  aria-hidden="true"
                  className={cn('transition-transform', showReplies && 'rotate-180')}
                />
              </Button>
            ) : null}
            <div className="flex gap-2 sm:ml-auto">
              {canReply ? (
                <Button size="sm" onClick={() => onReply('response')}>
                  <Reply aria-hidden="true" />
                  {T.reply}
                </Button>
              ) : null}
              {canDispute ? (
                <Button size="sm" variant="outline" onClick={() => onReply('dispute')}>
                  <ShieldAlert aria-hidden="true" />
                  {T.dispute}
                </Button>
              ) : null}
            </div>
          </>
        ) : null
      }
    >
      {showReplies ? (
        <ReviewReplies review={review} viewer={session?.user.user_id ?? null} />
      ) : null}
    </ReviewCard>
  );
}
