import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/**
 * Logout (docs/product/screens.md#header, docs/product/states.md "Session"): ask the API to revoke the token, and clear the stored
 * session at once whatever the answer (the user wants out; a dead token is harmless).
 * A plain call, never shared or cached (docs/product/api.md).
 */
export function logoutRequest(): Promise<void> {
  return api.post<void>('/users/logout');
}

export function logout(): void {
  // The request reads the token synchronously before clearSession() removes it.
  logoutRequest().catch(() => {
    // Already logged by the API client; the local session is cleared either way.
  });
  clearSession();
}
