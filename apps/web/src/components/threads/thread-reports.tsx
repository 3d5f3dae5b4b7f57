import { useState } from 'react';
import Flag from 'lucide-react/icons/flag';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { EmptyState } from '../ui/empty-state';
import { useThreadReports } from '../../lib/api/threads';
import { formatDateTime } from '../../lib/format-date';
import { SafeText, ThreadPanel } from './thread-panel';
import { REPORTS_TEXT as T, THREAD_TEXT } from './threads-texts';

/**
 * The admins' reported messages (docs/decisions/050-deal-threads.md): each opens its conversation,
 * read only; a conversation nobody reported stays closed to admins.
 */
export function ThreadReports() {
  const query = useThreadReports();
  const [open, setOpen] = useState<{ threadId: string; title: string } | null>(null);
  if (query.isPending) return <p className="text-sm text-muted-foreground">{T.loading}</p>;
  if (query.isError) return <p className="text-sm text-danger">{T.failed}</p>;
  const reports = query.data.reports;
  if (!reports.length)
    return <EmptyState icon={<Flag />} title={T.empty} description={T.emptyHint} />;
  return (
    <>
      <ul className="flex flex-col gap-3" data-testid="thread-reports">
        {reports.map((r) => (
          <li key={r.message_id} className="rounded-lg border border-border p-4">
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
            <Button
              size="sm"
              variant="outline"
              className="mt-2"
              onClick={() => setOpen({ threadId: r.thread_id, title: r.title })}
            >
              {T.read}
            </Button>
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(next) => (next ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent title={THREAD_TEXT.dialogTitle(open.title)}>
            <ThreadPanel address={{ threadId: open.threadId }} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
