import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { SESSIONS_TEXT as T } from '../profile-texts';
import { SessionsCard } from './sessions-card';

const CURRENT = '00000000-0000-4000-8000-000000000001';
const PHONE = '00000000-0000-4000-8000-000000000002';

describe('SessionsCard', () => {
  let live: string[];
  beforeEach(() => {
    live = [CURRENT, PHONE];
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  const api = () =>
    stubApi({
      'GET /users/sessions': () =>
        json(200, {
          sessions: live.map((id) => ({
            id,
            device: id === CURRENT ? 'Chrome on macOS' : 'Safari on iOS',
            address: id === CURRENT ? '203.0.113.7' : '2001:db8:1:2::/64',
            created_at: '2026-11-20T10:00:00.000Z',
            last_seen_at: '2026-11-26T09:30:00.000Z',
            current: id === CURRENT,
          })),
        }),
      'POST /users/sessions/revoke-others': () => {
        live = [CURRENT];
        return json(200, { message: 'Your other sessions have been signed out.' });
      },
      [`DELETE /users/sessions/${PHONE}`]: () => {
        live = live.filter((id) => id !== PHONE);
        return json(200, { message: 'That session has been signed out.' });
      },
    });

  it('lists the sessions with device, address and times, and signs another one out', async () => {
    const { calls } = api();
    renderWithProviders(<SessionsCard userId="u1" />);
    const card = await screen.findByTestId('sessions');
    const rows = await within(card).findAllByTestId('session');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Chrome on macOS');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(within(rows[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('Last active Nov 26, 2026, 9:30 AM');
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Sign out' }));
    await vi.waitFor(() => expect(within(card).getAllByTestId('session')).toHaveLength(1));
    expect(calls.some((c) => c.method === 'DELETE' && c.path === `/users/sessions/${PHONE}`)).toBe(
      true,
    );
    // Only this session left: nothing else to sign out.
    expect(within(card).queryByRole('button', { name: 'Sign out all other sessions' })).toBeNull();
  });

  it("'Sign out all other sessions' asks first: Cancel sends nothing, confirming signs them out", async () => {
    const { calls } = api();
    const user = userEvent.setup();
    renderWithProviders(<SessionsCard userId="u1" />);
    const card = await screen.findByTestId('sessions');
    await within(card).findAllByTestId('session');
    const revoked = () => calls.filter((c) => c.path === '/users/sessions/revoke-others');

    await user.click(within(card).getByRole('button', { name: T.signOutOthers }));
    const dialog = await screen.findByRole('alertdialog', { name: T.confirmTitle(1) });
    expect(dialog).toHaveTextContent(T.confirmHint);
    await user.click(within(dialog).getByRole('button', { name: T.cancel }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(revoked()).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: T.signOutOthers }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: T.confirmSignOut }));
    await vi.waitFor(() => expect(within(card).getAllByTestId('session')).toHaveLength(1));
    expect(revoked()).toHaveLength(1);
  });
});
