import { useMutation } from '@tanstack/react-query';
import type { NotificationType } from '@trustlinks/contract/notifications';
import * as notifications from '@trustlinks/contract/routes/notifications';
import { call } from '../../../lib/api-client';

/** POST /notifications/unsubscribe: the one-click link of a notification mail (no login). */
export function unsubscribe(input: { token: string; type: NotificationType }) {
  return call(notifications.unsubscribe, { body: input });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
