import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_LIMITS,
  type NotificationsResponse,
} from '@trustlinks/contract/notifications';
import * as notifications from '@trustlinks/contract/routes/notifications';
import { call } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

/** GET /notifications?before=…: every notification, newest first, page after page (docs/decisions/027). */
export function getNotificationPage(
  before: string | null,
  signal?: AbortSignal,
): Promise<NotificationsResponse> {
  return call(
    notifications.list,
    { query: { limit: NOTIFICATION_LIMITS.pageDefault, before: before ?? undefined } },
    { signal },
  );
}

/** Under the bell's key: marking read (either place) refreshes both. */
export function notificationPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...notificationsQueryKey, 'pages'] as const,
    queryFn: ({ pageParam, signal }) => getNotificationPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) =>
      last.has_more ? (last.notifications.at(-1)?.notification_id ?? null) : null,
  });
}

export function useNotificationPages() {
  return useInfiniteQuery(notificationPagesQueryOptions());
}
