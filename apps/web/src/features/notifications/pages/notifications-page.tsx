import CheckCheck from 'lucide-react/icons/check-check';
import { Link, Navigate } from 'react-router';
import type { Notification } from '@trustlinks/contract/notifications';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Container } from '../../../components/ui/container';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNotificationPages } from '../api/get-notification-pages';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { NotificationSummary } from '../components/notification-item';
import { BELL_TEXT, NOTIFICATIONS_PAGE_TEXT as T } from '../notifications-texts';

/**
 * /notifications (docs/decisions/027): every notification, newest first, 20 at a time, each opening what it
 * is about (a review, an application, a tracking link), with 'Mark all as read'.
 */
export function NotificationsPage() {
  useDocumentTitle(T.documentTitle);
  const session = useSession();
  if (!session) return <Navigate to="/login?next=%2Fnotifications" replace />;
  return <NotificationsList />;
}

function NotificationsList() {
  const pages = useNotificationPages();
  const markRead = useMarkNotificationsRead();
  const items = pages.data?.pages.flatMap((p) => p.notifications) ?? [];
  const unread = pages.data?.pages[0]?.unread_count ?? 0;

  function open(item: Notification) {
    if (!item.read) markRead.mutate({ ids: [item.notification_id] });
  }

  return (
    <Container className="max-w-3xl py-8 sm:py-10">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{T.title}</h1>
          <p className="text-sm text-muted-foreground">{T.unreadCount(unread)}</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={!unread || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          <CheckCheck aria-hidden="true" />
          {BELL_TEXT.markAllRead}
        </Button>
      </div>
      {pages.isPending ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <p role="status" className="sr-only">
            {BELL_TEXT.loading}
          </p>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20 rounded-xl" />
          ))}
        </div>
      ) : pages.isError ? (
        <Alert variant="danger">{BELL_TEXT.failed}</Alert>
      ) : items.length === 0 ? (
        <EmptyState title={BELL_TEXT.empty} description={BELL_TEXT.emptyHint} />
      ) : (
        <Card className="p-1.5">
          <ul className="flex flex-col">
            {items.map((item) => (
              <li key={item.notification_id}>
                {item.link ? (
                  <Link
                    to={item.link}
                    onClick={() => open(item)}
                    className="flex gap-3 rounded-lg px-3 py-3 hover:bg-muted focus-visible:bg-muted"
                  >
                    <NotificationSummary item={item} clampBody={false} />
                  </Link>
                ) : (
                  <div className="flex gap-3 px-3 py-3">
                    <NotificationSummary item={item} clampBody={false} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </Card>
      )}
      {pages.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <LoadMoreButton query={pages} label={T.loadMore} loadingLabel={T.loadingMore} />
        </div>
      ) : null}
    </Container>
  );
}
