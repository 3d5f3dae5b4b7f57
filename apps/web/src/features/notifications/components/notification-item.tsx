import type { ReactNode } from 'react';
import type { Notification } from '@trustlinks/contract/notifications';
import { cn } from '../../../lib/cn';
import { BELL_TEXT as T } from '../notifications-texts';
import { relativeTime } from '../relative-time';

/** One notification's dot, title, text and time: the bell and the page show it alike. */
export function NotificationSummary({
  item,
  clampBody = true,
  after,
}: {
  item: Notification;
  clampBody?: boolean;
  after?: ReactNode;
}) {
  return (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          item.read ? 'bg-transparent' : 'bg-brand',
        )}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', item.read ? '' : 'font-semibold')}>
          {item.read ? null : <span className="sr-only">{T.unread}: </span>}
          {item.title}
        </span>
        <span
          className={cn('mt-0.5 block text-xs text-muted-foreground', clampBody && 'line-clamp-2')}
        >
          {item.body}
        </span>
        <span className="mt-1 block text-xs text-muted-foreground">
          {relativeTime(item.created_at)}
        </span>
        {after}
      </span>
    </>
  );
}
