import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { ContactMessagesResponse } from '@trustlinks/contract/contact';
import * as contact from '@trustlinks/contract/routes/contact';
import { call } from '../../../lib/api-client';

export const CONTACT_MESSAGES_PAGE_SIZE = 20;
export type ContactMessageFilter = 'all' | 'new';
const rootKey = ['admin', 'contact-messages'] as const;

/** GET /admin/contact-messages (docs/decisions/026): the Contact tab's page, newest first. */
export function getContactMessages(
  status: ContactMessageFilter,
  page: number,
  signal?: AbortSignal,
): Promise<ContactMessagesResponse> {
  return call(
    contact.listForAdmin,
    { query: { status, page, limit: CONTACT_MESSAGES_PAGE_SIZE } },
    { signal },
  );
}

export function contactMessagesQueryOptions(status: ContactMessageFilter, page: number) {
  return queryOptions({
    queryKey: [...rootKey, status, page] as const,
    queryFn: ({ signal }) => getContactMessages(status, page, signal),
  });
}

export function useContactMessages(status: ContactMessageFilter, page: number) {
  return useQuery({
    ...contactMessagesQueryOptions(status, page),
    placeholderData: keepPreviousData,
  });
}

/** POST /admin/contact-messages/{id}/read. */
export function useMarkContactMessageRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(contact.markRead, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: rootKey }),
  });
}
