import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationType } from '@trustlinks/contract/notifications';
import * as notifications from '@trustlinks/contract/routes/notifications';
import { call } from '../../../lib/api-client';

const preferencesKey = ['notifications', 'preferences'] as const;

/** GET /notifications/preferences: the event types also mailed. */
export function getNotificationPreferences(signal?: AbortSignal) {
  return call(notifications.getPreferences, {}, { signal });
}

export function getNotificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => getNotificationPreferences(signal),
  });
}

export function useNotificationPreferences() {
  return useQuery(getNotificationPreferencesQueryOptions());
}

/** PUT /notifications/preferences. */
export function updateNotificationPreferences(email: NotificationType[]) {
  return call(notifications.setPreferences, { body: { email } });
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    onSuccess: (data) => queryClient.setQueryData(preferencesKey, { email: data.email }),
  });
}
