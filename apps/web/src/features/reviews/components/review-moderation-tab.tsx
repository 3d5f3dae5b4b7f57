import { useEffect, useState } from 'react';
import CircleAlert from 'lucide-react/icons/circle-alert';
import EyeOff from 'lucide-react/icons/eye-off';
import Flag from 'lucide-react/icons/flag';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import ThumbsDown from 'lucide-react/icons/thumbs-down';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import Users from 'lucide-react/icons/users';
import { REVIEW_STATUSES, type ReviewStatus } from '@trustlinks/contract/constants';
import {
  BULK_MODERATION_MAX,
  HOLD_REASONS,
  REPORT_REASON_LABELS,
  type HoldReason,
  type Review,
  type ReviewReport,
} from '@trustlinks/contract/reviews';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { SelectField, checkboxClass } from '../../../components/ui/form-field';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs } from '../../../components/ui/tabs';
import { formatWorkloadCount, useAdminWorkload } from '../../../lib/api/admin-workload';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useUrlPage, useUrlParam } from '../../../lib/use-url-state';
import { useModerationReviews } from '../api/get-moderation-reviews';
import { useBulkModerateReviews } from '../api/moderate-review';
import { useReviewReports } from '../api/get-review-reports';
import {
  ENTITY_TYPE_LABELS,
  BULK_TEXT as BULK,
  MODERATION_TEXT as T,
  REPORTS_TEXT as REPORTS,
  REVIEWER_TYPE_LABELS,
} from '../reviews-texts';
import { ModerateDialog, type ModerationTarget } from './moderate-dialog';
import { ReviewCard } from './review-card';
import { ReviewProofs } from './review-proofs';

/** The tab order of docs/product/admin.md: pending first, the queue admins work through. */
const TAB_ORDER: ReviewStatus[] = ['pending', 'approved', 'rejected', 'flagged'];
/** Published reviews signed-in users reported (docs/decisions/027), after the spec's four. */
type ModerationTab = ReviewStatus | 'reported';

/**
 * Review Moderation (docs/product/admin.md): pending, approved, rejected and flagged reviews with every
 * detail, the anonymous notice, Approve / Reject / Flag for pending ones and Re-moderate for the
 * rest. Composed into the admin panel by app/router.tsx.
 */
const MODERATION_TABS: readonly ModerationTab[] = [...TAB_ORDER, 'reported'];
type HoldFilter = HoldReason | 'all';
const HOLD_FILTERS: readonly HoldFilter[] = ['all', ...HOLD_REASONS];

/** The bulk decisions on the selected reviews, each asked to confirm first. */
const BULK_DECISIONS = [
  { decision: 'approve', variant: 'primary', Icon: ThumbsUp },
  { decision: 'reject', variant: 'danger', Icon: ThumbsDown },
] as const;

export function ReviewModerationTab() {
  // Status, hold filter and page live in the address (docs/decisions/032): a reload or Back keeps them.
  const [status, setStatus] = useUrlParam<ModerationTab>('rstatus', 'pending', MODERATION_TABS);
  const [target, setTarget] = useState<ModerationTarget | null>(null);
  return (
    <>
      <Tabs<ModerationTab>
        label={T.tabsLabel}
        value={status}
        onValueChange={(next) => setStatus(next, { also: { hold: null, rpage: null } })}
        panelClassName="pt-5"
        items={[
          ...TAB_ORDER.filter((s) => REVIEW_STATUSES.includes(s)).map((s) => ({
            value: s,
            label: T.tabs[s],
            content: <ModerationList status={s} onModerate={setTarget} />,
          })),
          {
            value: 'reported' as const,
            label: REPORTS.tab,
            content: <ReportedList onModerate={setTarget} />,
          },
        ]}
      />
      <ModerateDialog target={target} onOpenChange={(open) => !open && setTarget(null)} />
    </>
  );
}

function ModerationList({
  status,
  onModerate,
}: {
  status: ReviewStatus;
  onModerate: (target: ModerationTarget) => void;
}) {
  const [hold, setHold] = useUrlParam<HoldFilter>('hold', 'all', HOLD_FILTERS);
  const [page, setPage] = useUrlPage('rpage');
  const holdReason = hold === 'all' ? null : hold;
  const list = useModerationReviews({ status, holdReason, page });
  const workload = useAdminWorkload().data;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState<'approve' | 'reject' | null>(null);
  const bulk = useBulkModerateReviews();
  // A selection belongs to the page on screen.
  useEffect(() => setSelected(new Set()), [status, hold, page]);

  const filter = (
    <SelectField
      label={BULK.holdFilter}
      value={hold}
      onChange={(e) => setHold(e.target.value as HoldFilter, { also: { rpage: null } })}
      className="sm:w-72"
    >
      {HOLD_FILTERS.map((h) => (
        <option key={h} value={h}>
          {h === 'all'
            ? BULK.holdAll
            : status === 'pending' && workload
              ? `${T.holdBadges[h]} (${formatWorkloadCount(workload.held_reviews[h], workload.cap)})`
              : T.holdBadges[h]}
        </option>
      ))}
    </SelectField>
  );

  if (list.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p role="status" className="sr-only">
          {T.loading}
        </p>
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-56 rounded-xl" />
        ))}
      </div>
    );
  }
  const reviews = list.data?.reviews ?? [];
  const pageIds = reviews.slice(0, BULK_MODERATION_MAX).map((r) => r.review_id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  function decide(action: 'approve' | 'reject') {
    const ids = pageIds.filter((id) => selected.has(id));
    bulk.mutateAsync({ review_ids: ids, action }).then(
      ({ message }) => {
        toast.success(message);
        setSelected(new Set());
      },
      (error: unknown) => toast.error(serverMessage(error) ?? BULK.failed),
    );
  }
  const count = pageIds.filter((id) => selected.has(id)).length;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        {filter}
        {reviews.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label={BULK.group}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(pageIds))}
              />
              {BULK.selectAll}
            </label>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {BULK.selected(count)}
            </span>
            {BULK_DECISIONS.map(({ decision, variant, Icon }) => (
              <Button
                key={decision}
                size="sm"
                variant={variant}
                disabled={count === 0 || bulk.isPending}
                onClick={() => setConfirming(decision)}
              >
                <Icon aria-hidden="true" />
                {BULK[decision]}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirming === 'reject' ? BULK.confirmReject(count) : BULK.confirmApprove(count)}
        description={BULK.confirmHint}
        confirmLabel={confirming === 'reject' ? BULK.reject : BULK.approve}
        cancelLabel={BULK.cancel}
        confirmVariant={confirming === 'reject' ? 'danger' : 'primary'}
        onConfirm={() => {
          if (confirming) decide(confirming);
        }}
      />
      {list.isError ? <LoadFailed onRetry={() => void list.refetch()} /> : null}
      {reviews.length === 0 ? (
        <EmptyState icon={<MessageSquareText />} title={T.empty(status)} />
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li key={review.review_id} className="flex items-start gap-3">
              <input
                type="checkbox"
                className={`${checkboxClass} mt-5`}
                checked={selected.has(review.review_id)}
                onChange={() => toggle(review.review_id)}
                aria-label={BULK.selectOne(review.title)}
              />
              <div className="min-w-0 flex-1">
                <ModerationCard review={review} onModerate={onModerate} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <PrevNextPager
        page={page}
        hasMore={list.data?.has_more ?? false}
        onPageChange={setPage}
        busy={list.isFetching}
        label={BULK.pagesLabel}
        texts={BULK}
        status={<span className="text-sm text-muted-foreground">{BULK.page(page)}</span>}
      />
    </div>
  );
}

/** A list that did not load, with 'Retry'. */
function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert variant="danger">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{T.loadFailed}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          {T.retry}
        </Button>
      </div>
    </Alert>
  );
}

/** Open reports, oldest first: each with its review; any decision on the review closes them. */
function ReportedList({ onModerate }: { onModerate: (target: ModerationTarget) => void }) {
  const list = useReviewReports();
  if (list.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p role="status" className="sr-only">
          {T.loading}
        </p>
        <Skeleton className="h-56 rounded-xl" />
      </div>
    );
  }
  if (list.isError) {
    return <LoadFailed onRetry={() => void list.refetch()} />;
  }
  const reports = list.data.reports;
  return (
    <div className="flex flex-col gap-3">
      {reports.length === 0 ? (
        <EmptyState icon={<Flag />} title={REPORTS.empty} />
      ) : (
        <ul className="flex flex-col gap-3">
          {reports.map((report) => (
            <li key={report.report_id}>
              <ModerationCard review={report.review} onModerate={onModerate} report={report} />
            </li>
          ))}
        </ul>
      )}
      {list.data.has_more ? <p className="text-sm text-muted-foreground">{REPORTS.more}</p> : null}
    </div>
  );
}

function ModerationCard({
  review,
  onModerate,
  report,
}: {
  review: Review;
  onModerate: (target: ModerationTarget) => void;
  /** Shown in the Reported tab: why a user reported the review; it is decided like a new one. */
  report?: ReviewReport;
}) {
  const pending = review.review_status === 'pending' || Boolean(report);
  const open = (action: ModerationTarget['action']) => onModerate({ review, action });
  return (
    <ReviewCard
      review={review}
      showStatus
      badges={
        <>
          {review.is_anonymous ? (
            <Badge variant="outline">
              <EyeOff aria-hidden="true" />
              {T.anonymous}
            </Badge>
          ) : null}
          {review.is_disputed ? (
            <Badge variant="warning">
              <CircleAlert aria-hidden="true" />
              {T.disputeTitle}
            </Badge>
          ) : null}
          {review.hold_reason ? (
            <Badge variant={review.hold_reason === 'burst' ? 'danger' : 'warning'}>
              <Users aria-hidden="true" />
              {T.holdBadges[review.hold_reason]}
            </Badge>
          ) : null}
        </>
      }
      footer={
        pending ? (
          <>
            <Button size="sm" onClick={() => open('approve')}>
              <ThumbsUp aria-hidden="true" />
              {T.approve}
            </Button>
            <Button size="sm" variant="danger" onClick={() => open('reject')}>
              <ThumbsDown aria-hidden="true" />
              {T.reject}
            </Button>
            <Button size="sm" variant="outline" onClick={() => open('flag')}>
              <Flag aria-hidden="true" />
              {T.flag}
            </Button>
          </>
        ) : (
          <Button size="sm" variant="outline" onClick={() => open('approve')}>
            <RotateCcw aria-hidden="true" />
            {T.remoderate}
          </Button>
        )
      }
    >
      <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-lg bg-muted/50 p-3 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-xs font-medium text-muted-foreground">{T.reviewer}</dt>
          <dd className="break-words">
            {review.reviewer_name ?? '—'}
            {review.reviewer_email ? (
              <span className="block text-muted-foreground">{review.reviewer_email}</span>
            ) : null}
            {review.reviewer_type ? (
              <span className="block text-muted-foreground">
                {REVIEWER_TYPE_LABELS[review.reviewer_type]}
              </span>
            ) : null}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-medium text-muted-foreground">{T.entity}</dt>
          <dd className="break-words">
            {review.entity_name}
            <span className="block text-muted-foreground">
              {ENTITY_TYPE_LABELS[review.entity_type]}
            </span>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-muted-foreground">{T.created}</dt>
          <dd>{formatDateTime(review.created_at)}</dd>
        </div>
        <div>
          <dt className="text-xs font-medium text-muted-foreground">{T.anonymous}</dt>
          <dd>{review.is_anonymous ? T.yes : T.no}</dd>
        </div>
        {review.admin_notes ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-medium text-muted-foreground">{T.adminNotes}</dt>
            <dd className="whitespace-pre-line break-words">{review.admin_notes}</dd>
          </div>
        ) : null}
      </dl>
      {review.is_anonymous ? (
        <Alert variant="info" className="mt-3">
          {T.anonymousNotice}
        </Alert>
      ) : null}
      {review.is_disputed && review.dispute_text ? (
        <Alert variant="warning" title={T.disputeTitle} className="mt-3">
          <p className="whitespace-pre-line break-words">{review.dispute_text}</p>
        </Alert>
      ) : null}
      {report ? (
        <Alert variant="warning" title={REPORTS.reportTitle} className="mt-3">
          <p>
            <span className="font-medium">{REPORT_REASON_LABELS[report.reason]}</span>
            {' · '}
            {REPORTS.by(report.reporter_name, report.reporter_email)}
            {' · '}
            {formatDateTime(report.created_at)}
          </p>
          {report.details ? (
            <p className="mt-1 whitespace-pre-line break-words">{report.details}</p>
          ) : null}
          <p className="mt-1 text-xs">{REPORTS.hint}</p>
        </Alert>
      ) : null}
      <ReviewProofs review={review} canVerify />
    </ReviewCard>
  );
}
