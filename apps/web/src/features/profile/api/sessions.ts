import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionList } from '@trustlinks/contract/sessions';
import type { MessageResponse } from '@trustlinks/contract/users';
import { api } from '../../../lib/api-client';

// Where the account is signed in (docs/decisions/034). Never shared between users.

export function sessionsQueryKey(userId: string) {
  return ['users', 'sessions', userId] as const;
}

export function useSessions(userId: string) {
  return useQuery({
    queryKey: sessionsQueryKey(userId),
    queryFn: ({ signal }) => api.get<SessionList>('/users/sessions', { signal }),
  });
}

export function useSignOutSession(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      api.delete<MessageResponse>(`/users/sessions/${encodeURIComponent(sessionId)}`),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey(userId) }),
  });
}

export function useSignOutOtherSessions(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MessageResponse>('/users/sessions/revoke-others'),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey(userId) }),
  });
}
