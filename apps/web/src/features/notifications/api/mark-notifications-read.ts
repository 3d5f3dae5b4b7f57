import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkReadResponse } from '@trustlinks/contract/notifications';
import * as notifications from '@trustlinks/contract/routes/notifications';
import { call } from '../../../lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export type MarkReadInput = { ids: string[] } | { all: true };

/** POST /notifications/read: some (ids) or all of the caller's notifications. */
export function markNotificationsRead(input: MarkReadInput): Promise<MarkReadResponse> {
  return call(notifications.markRead, { body: input });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
