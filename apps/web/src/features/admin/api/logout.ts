import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** How long the panel waits for the server to revoke the token before it reloads anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * The admin panel's Logout (docs/product/admin.md): revoke the token (best effort, POST /users/logout),
 * clear the stored session, reload the page. Its own copy of the call because features do not
 * import each other; the header's logout lives in the auth feature.
 */
export async function logoutAndReload(): Promise<void> {
  const request = api.post<void>('/users/logout', undefined, {
    signal: AbortSignal.timeout(LOGOUT_WAIT_MS),
  });
  // The request has read the token already; the session goes now whatever the server says.
  clearSession();
  try {
    await request;
  } catch {
    // Logged by the API client; a dead token is harmless.
  }
  window.location.reload();
}

export function useLogout() {
  return useMutation({ mutationFn: logoutAndReload });
}
