import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PAGES } from '@trustlinks/contract/pages';
import * as users from '@trustlinks/contract/routes/users';
import { call } from './api-client';
import { clearSession } from './session';
import { hasRaisedToast, toast } from './toast';

/** How long a sign-out waits for the server to revoke the token before it goes on anyway. */
const REVOKE_WAIT_MS = 3000;

/**
 * Ends the session here: asks the API to revoke the token (POST /users/logout, best effort) and
 * clears the stored session at once whatever the answer (the user wants out; a dead token is
 * harmless). Clearing the session empties the query cache (app/session-cache.ts), so the next
 * account on the tab sees nothing of this one's; the toasts of this session's actions go too (they
 * sit over the header's 'Log in', and a pointer resting on one keeps it up). Resolves when the server answered or the wait
 * ran out; never rejects. A plain call, never shared or cached (docs/product/api.md).
 */
export async function endSession(): Promise<void> {
  // The request reads the token synchronously before clearSession() removes it.
  const request = call(users.logout, {}, { signal: AbortSignal.timeout(REVOKE_WAIT_MS) });
  clearSession();
  if (hasRaisedToast()) toast.dismiss();
  try {
    await request;
  } catch {
    // Logged by the API client; the local session is cleared either way.
  }
}

/**
 * Sign-out, the one behaviour of every Logout button (the header's menu, the admin panel, the
 * user dashboard, the login page's signed-in card and forced reset; docs/product/screens.md#header):
 * go to `/`, then end the session (endSession: revoke, clear the session and with it the query
 * cache).
 *
 * In that order: the router applies a navigation in a transition, while a session change
 * re-renders at once, so clearing first would let a protected page (profile, dashboards, admin)
 * see "not logged in" and send the visitor to /login instead of /. The session ends once the new
 * location has rendered: in an effect when the caller stays (the header), in the caller's cleanup
 * when the navigation unmounts it (a page's own button). `pending` is true until then.
 */
export function useSignOut(): { signOut: () => void; pending: boolean } {
  const navigate = useNavigate();
  const location = useLocation();
  /** The location's key when the sign-out started; null when none is under way. */
  const startedAt = useRef<string | null>(null);
  const [pending, setPending] = useState(false);

  const signOut = useCallback(() => {
    if (startedAt.current !== null) return;
    startedAt.current = location.key;
    setPending(true);
    void navigate(PAGES.home.path, { replace: true });
  }, [location.key, navigate]);

  useEffect(() => {
    if (startedAt.current === null || startedAt.current === location.key) return;
    startedAt.current = null;
    setPending(false);
    void endSession();
  }, [location.key]);

  useEffect(() => {
    const started = startedAt;
    return () => {
      if (started.current === null) return;
      started.current = null;
      void endSession();
    };
  }, []);

  return { signOut, pending };
}
