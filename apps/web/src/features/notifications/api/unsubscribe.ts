import { useMutation } from '@tanstack/react-query';
import type { NotificationType } from '@trustlinks/contract/notifications';
import { api } from '../../../lib/api-client';

/** POST /notifications/unsubscribe: the one-click link of a notification mail (no login). */
export function unsubscribe(input: { token: string; type: NotificationType }) {
  return api.post<{ message: string }>('/notifications/unsubscribe', input);
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
