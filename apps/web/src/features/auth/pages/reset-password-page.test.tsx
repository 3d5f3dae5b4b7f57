import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ResetPasswordPage } from './reset-password-page';

function renderPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/reset-password" element={<ResetPasswordPage />} />
      <Route path="/login" element={<h1>Login page</h1>} />
    </Routes>,
    { route },
  );
}

describe('ResetPasswordPage', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('without a token, explains and links to a new request', () => {
    renderPage('/reset-password');
    expect(screen.getByRole('heading', { name: 'Reset link incomplete' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/login?forgot=true',
    );
  });

  it('checks the spec rules, sends the token with the new password, then goes to /login', async () => {
    fetchMock.mockResolvedValue(
      json(200, {
        message: 'Password reset successful! You can now log in with your new password.',
      }),
    );
    const user = userEvent.setup();
    renderPage('/reset-password?token=tok_123');
    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('New password must be at least 6 characters long')).toBeVisible();
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('New passwords do not match')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('heading', { name: 'Login page' })).toBeVisible();
    // The toaster mounts with the first toast (app/providers.tsx), a moment after it is raised.
    expect(
      await screen.findByText(
        'Password reset successful! You can now log in with your new password.',
      ),
    ).toBeVisible();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/users/reset-password/confirm');
    expect(JSON.parse(String(init!.body))).toEqual({
      token: 'tok_123',
      new_password: 'new-secret',
    });
  });

  it("shows the server's message for a spent link, with a way to ask again", async () => {
    fetchMock.mockResolvedValue(
      json(400, { error: 'This password reset link is invalid, expired or already used.' }),
    );
    const user = userEvent.setup();
    renderPage('/reset-password?token=spent');
    await user.type(screen.getByLabelText('New Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/already used/);
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeVisible();
  });
});
