import { useSearchParams } from 'react-router';
import { DASHBOARD_FOCUS_PARAM } from '@trustlinks/contract/pages';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { useThreadList } from '../../lib/api/threads';
import { formatDateTime } from '../../lib/format-date';
import { cn } from '../../lib/cn';
import { ThreadPanel } from './thread-panel';
import { INBOX_TEXT as T } from './threads-texts';

/**
 * The caller's conversations, latest first, unread marked (docs/decisions/050-deal-threads.md);
 * `?thread={id}` (the mail's link) opens one.
 */
export function ThreadInbox() {
  const [params, setParams] = useSearchParams();
  const open = params.get(DASHBOARD_FOCUS_PARAM.thread);
  const query = useThreadList();
  const select = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set(DASHBOARD_FOCUS_PARAM.thread, id);
        else next.delete(DASHBOARD_FOCUS_PARAM.thread);
        return next;
      },
      { replace: true },
    );
  if (open) {
    return (
      <section className="flex flex-col gap-3">
        <Button variant="ghost" size="sm" className="self-start" onClick={() => select(null)}>
          ← {T.back}
        </Button>
        <ThreadPanel address={{ threadId: open }} />
      </section>
    );
  }
  if (query.isPending) return <p className="text-sm text-muted-foreground">{T.loading}</p>;
  if (query.isError) return <p className="text-sm text-danger">{T.failed}</p>;
  const threads = query.data.threads;
  if (!threads.length)
    return <EmptyState title={T.empty} description={T.emptyHint} className="py-6" />;
  return (
    <section aria-label={T.heading} className="flex flex-col gap-2">
      <h3 className="text-base font-semibold">{T.heading}</h3>
      <ul className="flex flex-col gap-2" data-testid="thread-list">
        {threads.map((t) => (
          <li key={t.thread_id}>
            <button
              type="button"
              onClick={() => select(t.thread_id)}
              className={cn(
                'flex w-full flex-col items-start rounded-lg border border-border p-3 text-left hover:bg-muted',
                t.unread && 'border-brand',
              )}
            >
              <span className="flex w-full items-center gap-2 text-sm">
                <span className="font-semibold">{t.counterpart}</span>
                {t.unread ? (
                  <span className="rounded-full bg-danger px-2 text-xs font-semibold text-background">
                    {T.unread}
                  </span>
                ) : null}
                <span className="ml-auto text-xs text-muted-foreground">
                  {formatDateTime(t.last_message_at)}
                </span>
              </span>
              <span className="text-xs text-muted-foreground">
                {T.kinds[t.kind]} · {t.title}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
