import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/factories';
import { routeFetch } from '../test/fetch';
import { renderWithProviders } from '../test/render';
import { clearSession, getSession, saveSession, useSession } from './session';
import { useSignOut } from './sign-out';
import { toast } from './toast';

function SignOutButton() {
  const { signOut, pending } = useSignOut();
  return (
    <button type="button" onClick={signOut}>
      {pending ? 'Signing out' : 'Logout'}
    </button>
  );
}

/** A page for a session only, with its own Logout; a visitor is sent to /login. */
function ProtectedPage() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <>
      <h1>Private page</h1>
      <SignOutButton />
    </>
  );
}

function renderAt(route: string, withHeader = false) {
  return renderWithProviders(
    <>
      {withHeader ? <SignOutButton /> : null}
      <Routes>
        <Route path="/private" element={<ProtectedPage />} />
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route path="/" element={<h1>Home page</h1>} />
      </Routes>
    </>,
    { route },
  );
}

describe('useSignOut', () => {
  afterEach(() => {
    clearSession();
    vi.unstubAllGlobals();
  });

  it("from a page's own button: home (not /login), the token revoked, the session ended", async () => {
    const api = routeFetch({ 'POST /api/users/logout': () => new Response(null, { status: 204 }) });
    const fetchMock = vi.fn(api.impl);
    vi.stubGlobal('fetch', fetchMock);
    saveSession({ token: 'tok-1', user: buildUser() });
    renderAt('/private');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeVisible();
    await waitFor(() => expect(getSession()).toBeNull());
    const revoke = api.calls.find((call) => call.url.pathname === '/api/users/logout');
    expect(revoke?.method).toBe('POST');
    const init = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/logout'))?.[1];
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-1');
  });

  it("from a button that stays (the header's): the session ends once home has rendered", async () => {
    const api = routeFetch({ 'POST /api/users/logout': () => new Response(null, { status: 204 }) });
    vi.stubGlobal('fetch', vi.fn(api.impl));
    saveSession({ token: 'tok-2', user: buildUser() });
    renderAt('/private', true);
    await screen.findByRole('heading', { name: 'Private page' });
    const [headerButton] = screen.getAllByRole('button', { name: 'Logout' });
    await userEvent.click(headerButton!);

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeVisible();
    await waitFor(() => expect(getSession()).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Login page' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('already at home: the session ends too', async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).impl));
    saveSession({ token: 'tok-3', user: buildUser() });
    renderAt('/', true);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(getSession()).toBeNull());
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeVisible();
  });

  it('ends the session even when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    saveSession({ token: 'tok-4', user: buildUser() });
    renderAt('/private');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(getSession()).toBeNull());
    await act(async () => {});
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeVisible();
  });

  it("regression: the last action's toast goes with the session (it sat over 'Log in')", async () => {
    vi.stubGlobal('fetch', vi.fn(routeFetch({}).impl));
    saveSession({ token: 'tok-5', user: buildUser() });
    renderAt('/private');
    toast.success('User unbanned successfully.', { duration: 60_000 });
    expect(await screen.findByText('User unbanned successfully.')).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeVisible();
    await waitFor(() => expect(screen.queryByText('User unbanned successfully.')).toBeNull());
  });
});
