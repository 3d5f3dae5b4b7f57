import type { QueryClient } from '@tanstack/react-query';
import { getToken, onSessionChange } from '../lib/session';

/**
 * Signing out, signing in, or signing in as someone else (in this tab or another) empties every
 * cached query: notifications, applications, dashboards… are read under keys that do not name
 * the account, so the next account on the tab would otherwise see the last one's data until the
 * next refetch (docs/decisions/024). The one place session changes reach the cache: AppProviders calls it
 * for the app's client. A new token is a new session; a profile save keeps the token and the cache.
 */
export function emptyCacheOnSessionChange(client: QueryClient): () => void {
  let token = getToken();
  return onSessionChange(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    // Stop reads in flight first: an answer for the last account must not land in the new cache.
    void client.cancelQueries();
    client.clear();
  });
}
