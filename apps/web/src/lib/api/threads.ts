import { useEffect } from 'react';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  NOTIFICATION_POLL_MS,
  type NotificationsResponse,
} from '@trustlinks/contract/notifications';
import * as threads from '@trustlinks/contract/routes/threads';
import type {
  ThreadReportAction,
  ThreadReportStatus,
  ThreadSubjectKind,
} from '@trustlinks/contract/threads';
import { call } from '../api-client';

/** Every thread read shares this prefix: a write refreshes them and the bell's count. */
export const THREADS_QUERY_KEY = ['threads'] as const;

/** What a thread is addressed by: its deal (application, bid, request, company) or its id. */
export type ThreadAddress = { kind: ThreadSubjectKind; id: string } | { threadId: string };

/** GET /threads: the caller's conversations (docs/decisions/050-deal-threads.md). */
export function threadListQueryOptions() {
  return queryOptions({
    queryKey: [...THREADS_QUERY_KEY, 'list'] as const,
    queryFn: ({ signal }) => call(threads.list, { query: { limit: 50 } }, { signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useThreadList() {
  return useQuery(threadListQueryOptions());
}

/** GET /threads/for/:kind/:id or /threads/:id (reading marks it read). */
export function threadQueryOptions(address: ThreadAddress) {
  return queryOptions({
    queryKey: [
      ...THREADS_QUERY_KEY,
      'one',
      'threadId' in address ? address.threadId : `${address.kind}:${address.id}`,
    ] as const,
    queryFn: ({ signal }) =>
      'threadId' in address
        ? call(threads.get, { params: { id: address.threadId } }, { signal })
        : call(threads.forSubject, { params: address }, { signal }),
    refetchInterval: NOTIFICATION_POLL_MS,
  });
}

export function useThread(address: ThreadAddress) {
  const queryClient = useQueryClient();
  const query = useQuery(threadQueryOptions(address));
  // A read marks the thread read: the bell's and the list's counts follow.
  const readAt = query.dataUpdatedAt;
  useEffect(() => {
    if (!readAt) return;
    void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    void queryClient.invalidateQueries({ queryKey: [...THREADS_QUERY_KEY, 'list'] });
  }, [readAt, queryClient]);
  return query;
}

export function useWriteInThread(address: ThreadAddress) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      'threadId' in address
        ? call(threads.write, { params: { id: address.threadId }, body: { body } })
        : call(threads.writeForSubject, { params: address, body: { body } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: THREADS_QUERY_KEY });
    },
  });
}

export function useReportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, reason }: { messageId: string; reason: string }) =>
      call(threads.report, { params: { id: messageId }, body: { reason } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: THREADS_QUERY_KEY });
    },
  });
}

/** GET /admin/thread-reports (admins): the open ones (still to do) or the resolved ones. */
export function useThreadReports(status: ThreadReportStatus) {
  return useQuery({
    queryKey: [...THREADS_QUERY_KEY, 'reports', status] as const,
    queryFn: ({ signal }) =>
      call(threads.reportsForAdmin, { query: { limit: 50, status } }, { signal }),
  });
}

/** POST /admin/thread-reports/:id/resolve: the report leaves the open list, the thread shows it. */
export function useResolveThreadReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, action }: { messageId: string; action: ThreadReportAction }) =>
      call(threads.resolveReport, { params: { id: messageId }, body: { action } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: THREADS_QUERY_KEY });
    },
  });
}

/**
 * The unread conversations as the bell last fetched them (its query, ['notifications'], polled
 * every 30 s): the dashboard's Messages tab shows it without a request of its own.
 */
export function useUnreadThreadCount(): number | undefined {
  const bell = useQuery<NotificationsResponse>({
    queryKey: ['notifications'],
    queryFn: skipToken,
  });
  return bell.data?.unread_threads;
}
