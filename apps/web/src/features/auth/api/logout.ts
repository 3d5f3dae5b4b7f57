import { logout as revokeSession } from '../../../lib/api/logout';

/** The header's and the auth pages' Logout: the shared call (lib/api/logout.ts), fire and forget. */
export function logout(): void {
  void revokeSession();
}
