import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PasskeysCard } from './passkeys-card';

const KEY = '00000000-0000-4000-8000-0000000000aa';

describe('PasskeysCard', () => {
  let live: string[];
  beforeEach(() => {
    live = [KEY];
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  const api = () =>
    stubApi({
      'GET /users/passkeys': () =>
        json(200, {
          passkeys: live.map((id) => ({
            id,
            name: 'Desk key',
            created_at: '2026-11-20T10:00:00.000Z',
            last_used_at: null,
            backed_up: false,
          })),
        }),
      [`DELETE /users/passkeys/${KEY}`]: (call) => {
        const body = call.body as { current_password?: string } | undefined;
        if (body?.current_password !== 'my password') {
          return json(400, { error: 'Your current password is incorrect.' });
        }
        live = [];
        return json(200, { message: 'Passkey removed.' });
      },
    });

  it('removes a passkey only with the current password', async () => {
    const { calls } = api();
    renderWithProviders(<PasskeysCard userId="u1" />);
    const card = await screen.findByTestId('passkeys');
    const row = await within(card).findByTestId('passkey');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Desk key' }));
    // Nothing is sent before the password is asked for.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.type(within(row).getByLabelText(/Current Password/), 'wrong');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(within(card).getAllByTestId('passkey')).toHaveLength(1);

    const field = within(row).getByLabelText(/Current Password/);
    await userEvent.clear(field);
    await userEvent.type(field, 'my password');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(card).findByText('You have no passkeys yet.')).toBeInTheDocument();
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.body)).toEqual([
      { current_password: 'wrong' },
      { current_password: 'my password' },
    ]);
  });
});
