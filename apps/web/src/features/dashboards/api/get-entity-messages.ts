import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityMessagesResponse } from '@trustlinks/contract/contact';
import * as contact from '@trustlinks/contract/routes/contact';
import { call } from '../../../lib/api-client';

/**
 * GET /entities/{id}/messages: members' messages to the caller's company, newest first
 * (docs/decisions/026; the API lets only the company's own accounts read them).
 */
export function getEntityMessages(
  entityId: string,
  signal?: AbortSignal,
): Promise<EntityMessagesResponse> {
  return call(
    contact.entityMessages,
    { params: { id: entityId }, query: { limit: 50 } },
    { signal },
  );
}

export function entityMessagesQueryOptions(entityId: string) {
  return queryOptions({
    queryKey: ['entities', entityId, 'messages'] as const,
    queryFn: ({ signal }) => getEntityMessages(entityId, signal),
  });
}

export function useEntityMessages(entityId: string) {
  return useQuery(entityMessagesQueryOptions(entityId));
}
