import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/**
 * The user dashboard's Logout: revoke the token (best effort, POST /users/logout), clear the stored
 * session and go home (docs/product/screens.md#header). Its own copy of the call because features do not import each
 * other; the header's logout lives in the auth feature.
 */
export async function logout(): Promise<void> {
  const request = api.post<void>('/users/logout', undefined, {
    signal: AbortSignal.timeout(3000),
  });
  // The request has read the token already; the session goes now whatever the server says.
  clearSession();
  try {
    await request;
  } catch {
    // Logged by the API client; a dead token is harmless.
  }
}

export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
