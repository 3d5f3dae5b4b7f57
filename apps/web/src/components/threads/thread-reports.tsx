import { useState } from 'react';
import Flag from 'lucide-react/icons/flag';
import type { ThreadReport, ThreadReportStatus } from '@trustlinks/contract/threads';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { ConfirmDialog, Dialog, DialogContent } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { serverMessage } from '../../lib/api-client';
import { useResolveThreadReport, useThreadReports } from '../../lib/api/threads';
import { formatDateTime } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { SafeText, ThreadPanel } from './thread-panel';
import { REPORTS_TEXT as T, THREAD_TEXT } from './threads-texts';

const STATUSES: readonly ThreadReportStatus[] = ['open', 'resolved'];

/**
 * The admins' reported messages (docs/decisions/050-deal-threads.md): each opens its conversation,
 * read only; a conversation nobody reported stays closed to admins. An open report is dismissed
 * (the message stays) or its message removed (after a confirmation); it then leaves the Open list
 * for the Resolved one.
 */
export function ThreadReports() {
  const [status, setStatus] = useState<ThreadReportStatus>('open');
  const query = useThreadReports(status);
  const resolve = useResolveThreadReport();
  const [open, setOpen] = useState<{ threadId: string; title: string } | null>(null);
  const [removing, setRemoving] = useState<ThreadReport | null>(null);

  function settle(report: ThreadReport, action: 'dismiss' | 'remove') {
    resolve.mutate(
      { messageId: report.message_id, action },
      {
        onSuccess: ({ message }) => toast.success(message),
        onError: (error) => toast.error(serverMessage(error) ?? T.actionFailed),
      },
    );
  }

  const reports = query.data?.reports;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={T.filterLabel}>
        {STATUSES.map((value) => (
          <Button
            key={value}
            size="sm"
            variant={status === value ? 'primary' : 'outline'}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {T.filters[value]}
          </Button>
        ))}
      </div>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">{T.loading}</p>
      ) : query.isError ? (
        <p className="text-sm text-danger">{T.failed}</p>
      ) : !reports?.length ? (
        <EmptyState
          icon={<Flag />}
          title={status === 'open' ? T.empty : T.emptyResolved}
          description={status === 'open' ? T.emptyHint : T.emptyResolvedHint}
        />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="thread-reports">
          {reports.map((r) => (
            <li
              key={r.message_id}
              className="rounded-lg border border-border p-4"
              data-testid="thread-report"
            >
              <p className="text-xs text-muted-foreground">
                {r.title} · {T.reportedAt(formatDateTime(r.reported_at))}
              </p>
              <p className="mt-1 text-sm">
                <span className="font-medium">{T.reason} </span>
                {r.reason}
              </p>
              <div className="mt-2 rounded-md bg-muted p-2">
                <SafeText text={r.body} />
              </div>
              {r.resolution ? (
                <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={r.resolution.resolution === 'removed' ? 'danger' : 'neutral'}>
                    {T.resolutions[r.resolution.resolution]}
                  </Badge>
                  <span className="text-muted-foreground">
                    {T.resolvedBy(
                      formatDateTime(r.resolution.resolved_at),
                      r.resolution.resolved_by,
                    )}
                  </span>
                  {r.resolution.note ? (
                    <p className="w-full break-words text-muted-foreground">
                      {T.note} {r.resolution.note}
                    </p>
                  ) : null}
                </div>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setOpen({ threadId: r.thread_id, title: r.title })}
                >
                  {T.read}
                </Button>
                {r.resolution ? null : (
                  <>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={resolve.isPending}
                      onClick={() => settle(r, 'dismiss')}
                    >
                      {T.dismiss}
                    </Button>
                    <Button
                      size="sm"
                      variant="danger"
                      disabled={resolve.isPending}
                      onClick={() => setRemoving(r)}
                    >
                      {T.remove}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(next) => (next ? undefined : setRemoving(null))}
        title={T.removeTitle}
        description={T.removeDescription}
        confirmLabel={T.remove}
        cancelLabel={T.cancel}
        confirmVariant="danger"
        onConfirm={() => {
          if (removing) settle(removing, 'remove');
        }}
      />
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent title={THREAD_TEXT.dialogTitle(open.title)}>
            <ThreadPanel address={{ threadId: open.threadId }} />
          </DialogContent>
        ) : null}
      </Dialog>
    </div>
  );
}
