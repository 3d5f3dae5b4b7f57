import type { ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogClose } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { PendingButton } from '../../../components/ui/pending-button';
import { serverMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import type { Session } from '../../../lib/session';
import { DASHBOARD_TEXT as T } from '../dashboards-texts';

/** The corner button of dialogs whose footer already has a 'Close' button. */
export const DIALOG_CLOSE_LABEL = T.closeDialog;

/** The server's message for a failed call, else the screen's own (docs/product/errors.md). */
export function failureMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** A dialog's mutation callbacks: the server's message (what happened) as a toast, then close. */
export function toastAndClose(onClose: () => void) {
  return {
    onSuccess: (response: { message: string }) => {
      toast.success(response.message);
      onClose();
    },
  };
}

export function DashboardHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-muted-foreground">{subtitle}</p>
      </div>
      {actions ? <div className="flex flex-wrap gap-2 sm:justify-end">{actions}</div> : null}
    </div>
  );
}

/** A tab's name with its count beside it once known ("My Requests 3"). */
export function TabLabel({ label, count }: { label: string; count?: number | undefined }) {
  return (
    <>
      {label}
      {count === undefined ? null : (
        <span className="min-w-6 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground tabular-nums">
          {count}
        </span>
      )}
    </>
  );
}

export function ListLoading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12">
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin text-brand" />
      <span className="text-muted-foreground">{label}</span>
    </div>
  );
}

/** A list that could not load: what went wrong and a way to ask again. */
export function ListError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert variant="danger" className="flex flex-wrap items-center justify-between gap-3">
      <span>{message}</span>
      {onRetry ? (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCcw aria-hidden="true" />
          {T.tryAgain}
        </Button>
      ) : null}
    </Alert>
  );
}

/** The unit in front of a payout amount field: '%' for a revenue share, else '$'. */
export function PayoutUnitMark({ revShare }: { revShare: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
    >
      {revShare ? '%' : '$'}
    </span>
  );
}

/** A list query without its data yet: the loading line, or the failure with 'Try again'. */
export function ListQueryPending({
  query,
  texts,
}: {
  query: { isPending: boolean; error: unknown; refetch: () => unknown };
  texts: { loading: string; failed: string };
}) {
  if (query.isPending) return <ListLoading label={texts.loading} />;
  return (
    <ListError
      message={failureMessage(query.error, texts.failed)}
      onRetry={() => void query.refetch()}
    />
  );
}

interface ListStatusOptions {
  /** The query, when its failure is what the list shows (each list says when), else null. */
  failed: { error: unknown; refetch: () => unknown } | null;
  /** The message when the API gave none. */
  failedMessage: string;
  /** How many items the list has to show. */
  count: number;
  empty: { icon: ReactNode; title: string; description?: string | undefined };
}

/**
 * What a dashboard list shows instead of its items: its failure with 'Try again', or its empty
 * state; null when it has items to show.
 */
export function listStatus({ failed, failedMessage, count, empty }: ListStatusOptions): ReactNode {
  if (failed) {
    return (
      <ListError
        message={failureMessage(failed.error, failedMessage)}
        onRetry={() => void failed.refetch()}
      />
    );
  }
  if (count > 0) return null;
  return (
    <EmptyState
      icon={empty.icon}
      title={empty.title}
      description={empty.description}
      className="rounded-xl border border-dashed border-border"
    />
  );
}

/** 'Load more' under an infinite list (TanStack `useInfiniteQuery`) while it has more pages. */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="mt-6 flex justify-center">
      <LoadMoreButton query={query} label={T.loadMore} loadingLabel={T.loadingMore} />
    </div>
  );
}

/** The Reviews tab until the reviews feature hands its panel in (the `reviewsTab` prop). */
export function ReviewsPlaceholder() {
  return (
    <EmptyState
      icon={<MessageSquareText />}
      title={T.reviewsTitle}
      description={T.reviewsPlaceholder}
      className="rounded-xl border border-dashed border-border"
    />
  );
}

/**
 * The dashboard's error banner (docs/product/dashboards.md#affiliate-dashboard): shown when several of its lists failed to load
 * (one failed list says so in its own tab); 'Retry' loads the failed ones again.
 */
export function LoadErrorBanner({
  queries,
}: {
  queries: readonly { isError: boolean; refetch: () => unknown }[];
}) {
  const failed = queries.filter((q) => q.isError);
  if (failed.length < 2) return null;
  return (
    <ListError
      message={T.loadDashboardFailed}
      onRetry={() => {
        for (const q of failed) void q.refetch();
      }}
    />
  );
}

/** What every role dashboard page takes (app/router.tsx passes the reviews panel in). */
export interface DashboardPageProps {
  /** The Reviews tab's content, from the reviews feature; a placeholder until it is given. */
  reviewsTab?: ReactNode;
}

/** What a role's dashboard takes once its door (RoleGate) let the session in. */
export interface RoleDashboardBodyProps extends DashboardPageProps {
  session: Session;
}

interface SubmitFooterProps {
  /** The form the submit button submits (it stands outside it, in the dialog's footer). */
  formId: string;
  busy: boolean;
  cancelLabel: string;
  submitLabel: string;
  /** The submit button's text while busy. */
  submittingLabel: string;
}

/** 'Cancel', which closes the dialog, and the submit button, which spins and is disabled while busy. */
export function SubmitFooter({
  formId,
  busy,
  cancelLabel,
  submitLabel,
  submittingLabel,
}: SubmitFooterProps) {
  return (
    <>
      <DialogClose asChild>
        <Button variant="outline">{cancelLabel}</Button>
      </DialogClose>
      <PendingButton
        form={formId}
        pending={busy}
        label={submitLabel}
        pendingLabel={submittingLabel}
      />
    </>
  );
}
