import Inbox from 'lucide-react/icons/inbox';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PrevNextPager } from '../../../components/ui/prev-next-pager';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { serverMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { toast } from '../../../lib/toast';
import { useUrlPagedFilter } from '../../../lib/use-url-state';
import { CONTACT_TAB_TEXT as T } from '../admin-texts';
import {
  useContactMessages,
  useMarkContactMessageRead,
  type ContactMessageFilter,
} from '../api/contact-messages';

/**
 * Contact (ours, docs/decisions/026): messages from the Contact page and members' messages to companies
 * ('Join' without a sign-up page), newest first; an admin answers by email and marks them read.
 */
export function ContactMessagesTab() {
  const {
    filter: status,
    changeFilter,
    page,
    setPage,
  } = useUrlPagedFilter<ContactMessageFilter>({ filter: 'messages', page: 'mpage' }, 'new', [
    'new',
    'all',
  ]);
  const list = useContactMessages(status, page);
  const markRead = useMarkContactMessageRead();
  const messages = list.data?.messages;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={T.filterLabel}>
        {(['new', 'all'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={status === value ? 'primary' : 'outline'}
            aria-pressed={status === value}
            onClick={() => changeFilter(value)}
          >
            {T.filters[value]}
          </Button>
        ))}
      </div>
      {list.isError ? <p className="text-danger">{T.failed}</p> : null}
      {!messages ? (
        <Skeleton className="h-40 rounded-xl" />
      ) : messages.length === 0 ? (
        <EmptyState icon={<Inbox />} title={T.emptyTitle} description={T.emptyHint} />
      ) : (
        <ul className="flex flex-col gap-3">
          {messages.map((m) => (
            <li key={m.message_id}>
              <Card className="p-4 sm:p-5">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    <h3 className="font-semibold break-words">{m.subject}</h3>
                    <p className="text-sm text-muted-foreground break-words">
                      {m.name} ·{' '}
                      <a href={`mailto:${m.email}`} className="underline underline-offset-2">
                        {m.email}
                      </a>{' '}
                      · {formatDate(m.created_at)}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-1.5">
                    <Badge variant={m.kind === 'site' ? 'brand' : 'neutral'}>
                      {m.kind === 'site' ? T.kindSite : T.kindEntity(m.entity_name ?? '')}
                    </Badge>
                    {m.kind === 'entity' && !m.delivered_text ? (
                      <Badge variant="warning">{T.notDelivered}</Badge>
                    ) : null}
                    {m.status === 'new' ? <Badge variant="success">{T.new}</Badge> : null}
                  </div>
                </div>
                <p className="mt-3 text-sm leading-relaxed whitespace-pre-line break-words">
                  {m.message}
                </p>
                {m.status === 'new' ? (
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-3"
                    disabled={markRead.isPending}
                    onClick={() =>
                      markRead.mutate(m.message_id, {
                        onError: (error) => toast.error(serverMessage(error) ?? T.failed),
                      })
                    }
                  >
                    {T.markRead}
                  </Button>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {messages ? (
        <PrevNextPager
          page={page}
          hasMore={list.data?.has_more ?? false}
          onPageChange={setPage}
          texts={T}
        />
      ) : null}
    </div>
  );
}
