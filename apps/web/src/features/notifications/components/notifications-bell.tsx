import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import Bell from 'lucide-react/icons/bell';
import CheckCheck from 'lucide-react/icons/check-check';
import { useNavigate } from 'react-router';
import type { Notification } from '@trustlinks/contract/notifications';
import { dashboardPath } from '@trustlinks/contract/pages';
import { buttonClasses } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { BELL_TEXT as T } from '../notifications-texts';
import { unreadBadge } from '../relative-time';
import { NotificationSummary } from './notification-item';

/**
 * The header's bell for a logged-in user (docs/decisions/014; the static dot of docs/product/screens.md#header made real): the
 * unread count, polled every 30 s, and a panel with the latest notifications, each opening its
 * page. Loaded lazily, like the user menu: visitors never download it.
 */
export default function NotificationsBell() {
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const session = useSession();
  const unreadThreads = query.data?.unread_threads ?? 0;
  // Unread notifications and conversations waiting (docs/decisions/050), from the one request.
  const unread = (query.data?.unread_count ?? 0) + unreadThreads;
  const items = query.data?.notifications ?? [];

  function handleOpen(item: Notification) {
    if (!item.read) markRead.mutate({ ids: [item.notification_id] });
    if (item.link) navigate(item.link);
  }

  return (
    <DropdownMenu.Root modal={false} onOpenChange={(open) => (open ? void query.refetch() : null)}>
      <DropdownMenu.Trigger
        aria-label={unread ? T.labelUnread(unreadBadge(unread)) : T.label}
        className={cn(buttonClasses({ variant: 'ghost', size: 'icon' }), 'relative')}
      >
        <Bell aria-hidden="true" />
        {unread ? (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute top-1 right-0.5 min-w-[1.125rem] rounded-full bg-danger px-1 text-center text-[0.6875rem] leading-[1.125rem] font-semibold text-background ring-2 ring-background tabular-nums"
          >
            {unreadBadge(unread)}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      {/* No portal: the panel stays inside the header (the banner landmark), as the user menu. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={8}
        collisionPadding={8}
        className="z-50 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col rounded-xl border border-border bg-card text-card-foreground shadow-lg"
      >
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <DropdownMenu.Label className="text-sm font-semibold">{T.heading}</DropdownMenu.Label>
          {unread ? (
            <DropdownMenu.Item
              className="flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-brand outline-none data-[highlighted]:bg-muted [&_svg]:size-3.5"
              onSelect={(event) => {
                event.preventDefault();
                markRead.mutate({ all: true });
              }}
            >
              <CheckCheck aria-hidden="true" />
              {T.markAllRead}
            </DropdownMenu.Item>
          ) : null}
        </div>
        {unreadThreads ? (
          <div className="border-b border-border p-1.5">
            <DropdownMenu.Item
              data-testid="unread-threads"
              onSelect={() => navigate(dashboardPath(session?.user.role, 'messages'))}
              className="block cursor-pointer rounded-lg px-3 py-2 text-sm font-medium outline-none data-[highlighted]:bg-muted"
            >
              {T.unreadThreads(unreadBadge(unreadThreads))}
            </DropdownMenu.Item>
          </div>
        ) : null}
        <div className="min-h-0 overflow-y-auto p-1.5">
          {query.isPending ? (
            <p className="px-3 py-6 text-center text-sm text-muted-foreground">{T.loading}</p>
          ) : query.isError && !items.length ? (
            <p className="px-3 py-6 text-center text-sm text-danger">{T.failed}</p>
          ) : !items.length ? (
            <div className="px-3 py-6 text-center">
              <p className="text-sm font-medium">{T.empty}</p>
              <p className="mt-1 text-xs text-muted-foreground">{T.emptyHint}</p>
            </div>
          ) : (
            items.map((item) => (
              <DropdownMenu.Item
                key={item.notification_id}
                onSelect={() => handleOpen(item)}
                className="flex cursor-pointer gap-3 rounded-lg px-3 py-2.5 outline-none data-[highlighted]:bg-muted"
              >
                <NotificationSummary item={item} />
              </DropdownMenu.Item>
            ))
          )}
        </div>
        <div className="border-t border-border p-1.5">
          <DropdownMenu.Item
            onSelect={() => navigate('/notifications')}
            className="block cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-medium text-brand outline-none data-[highlighted]:bg-muted"
          >
            {T.seeAll}
          </DropdownMenu.Item>
        </div>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
