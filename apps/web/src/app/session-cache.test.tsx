import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, saveSession, updateCurrentUser } from '../lib/session';
import { buildUser } from '../test/factories';
import { Header } from './layout/header';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

// Decision 024: the next account on a tab never sees the last one's cached reads.
function renderApp(ui = <p>page</p>) {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>{ui}</MemoryRouter>
    </AppProviders>,
  );
  // What the first account read: its notifications, its applications, its dashboard.
  queryClient.setQueryData(['notifications'], { unread_count: 3 });
  queryClient.setQueryData(['applications', 'mine'], [{ id: 'a-1' }]);
  queryClient.setQueryData(['dashboard', 'network'], { offers: 2 });
  return queryClient;
}

describe('the query cache follows the session', () => {
  beforeEach(() => {
    saveSession({ token: 'first-token', user: buildUser({ role: 'network', user_id: 'u-net' }) });
  });
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it('signing out empties every cached query', () => {
    const client = renderApp();
    act(() => clearSession());
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('signing in as someone else empties every cached query', () => {
    const client = renderApp();
    act(() =>
      saveSession({ token: 'second-token', user: buildUser({ role: 'user', user_id: 'u-2' }) }),
    );
    expect(client.getQueryData(['notifications'])).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('a profile save keeps the session and the cache', () => {
    const client = renderApp();
    act(() => updateCurrentUser(buildUser({ role: 'network', user_id: 'u-net', first_name: 'B' })));
    expect(client.getQueryData(['notifications'])).toEqual({ unread_count: 3 });
  });

  it('a sign-out in another tab empties the cache too', () => {
    const client = renderApp();
    localStorage.removeItem('authToken');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it("the header's Logout empties it (regression)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    const user = userEvent.setup();
    const client = renderApp(<Header />);
    await user.click(await screen.findByRole('button', { name: /Account menu for/ }));
    await user.click(
      within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Logout' }),
    );
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(client.getQueryData(['notifications'])).toBeUndefined();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
