import { api } from '../api-client';
import { clearSession } from '../session';

/** How long a logout waits for the server to revoke the token before it goes on anyway. */
const LOGOUT_WAIT_MS = 3000;

/**
 * Logout (docs/product/screens.md#header, docs/product/states.md "Session"): ask the API to revoke
 * the token (POST /users/logout, best effort), and clear the stored session at once whatever the
 * answer (the user wants out; a dead token is harmless). Resolves when the server answered or the
 * wait ran out; never rejects. A plain call, never shared or cached (docs/product/api.md).
 */
export async function logout(): Promise<void> {
  // The request reads the token synchronously before clearSession() removes it.
  const request = api.post<void>('/users/logout', undefined, {
    signal: AbortSignal.timeout(LOGOUT_WAIT_MS),
  });
  clearSession();
  try {
    await request;
  } catch {
    // Logged by the API client; the local session is cleared either way.
  }
}
