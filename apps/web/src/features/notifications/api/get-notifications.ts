import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  NOTIFICATION_POLL_MS,
  type NotificationsResponse,
} from '@trustlinks/contract/notifications';
import * as notifications from '@trustlinks/contract/routes/notifications';
import { call } from '../../../lib/api-client';

/** The bell shows this many of the latest. */
export const BELL_LIMIT = 10;

/** GET /notifications: the latest notifications and the unread count (docs/decisions/014). */
export function getNotifications(signal?: AbortSignal): Promise<NotificationsResponse> {
  return call(notifications.list, { query: { limit: BELL_LIMIT } }, { signal });
}

export const notificationsQueryKey = ['notifications'] as const;

/**
 * Polled every 30 s while the page is visible (and on focus): docs/decisions/014-marketplace-loop.md says why not
 * server-sent events.
 */
export function getNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    staleTime: NOTIFICATION_POLL_MS / 2,
  });
}

export function useNotifications() {
  return useQuery(getNotificationsQueryOptions());
}
