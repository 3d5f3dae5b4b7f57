import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as users from '@trustlinks/contract/routes/users';
import { call } from '../../../lib/api-client';

// Where the account is signed in (docs/decisions/034). Never shared between users.

export function sessionsQueryKey(userId: string) {
  return ['users', 'sessions', userId] as const;
}

export function useSessions(userId: string) {
  return useQuery({
    queryKey: sessionsQueryKey(userId),
    queryFn: ({ signal }) => call(users.listSessions, {}, { signal }),
  });
}

export function useSignOutSession(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => call(users.endSession, { params: { id: sessionId } }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey(userId) }),
  });
}

export function useSignOutOtherSessions(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(users.endOtherSessions),
    onSettled: () => client.invalidateQueries({ queryKey: sessionsQueryKey(userId) }),
  });
}
