import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PostbackProvider } from '../../../lib/postback';
import type { Postback } from '../../../lib/postback';
import { SignupPage } from './signup-page';

const SUCCESS =
  'Account created successfully! Please check your email to verify your account before logging in.';

async function fillForm(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('SignupPage', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('links to /login for existing accounts', () => {
    renderWithProviders(<SignupPage />, { route: '/signup' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it("refuses mismatched passwords with 'Passwords do not match.' and calls nothing", async () => {
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await fillForm('secret-1', 'secret-2');
    expect(screen.getByText('Passwords do not match.')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the contract's password rule under the field and calls nothing", async () => {
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await fillForm('abc', 'abc');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers and tells the user to verify the email', async () => {
    fetchMock.mockResolvedValue(json(201, { message: SUCCESS }));
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await fillForm('secret-1', 'secret-1');
    expect((await screen.findAllByText(SUCCESS)).length).toBeGreaterThan(0);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      password: 'secret-1',
    });
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the server message, else the generic failure', async () => {
    // The server never answers 409 (a taken address gets the same 201); its refusals are 400/429.
    fetchMock.mockResolvedValueOnce(
      json(429, {
        error: 'Too many sign-ups from your network in the last hour. Please try again later.',
      }),
    );
    renderWithProviders(<SignupPage />, { route: '/signup' });
    await fillForm('secret-1', 'secret-1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-ups from your network in the last hour. Please try again later.',
    );

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 502 }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Signup failed. Please try again.')).toBeVisible();
  });
});

describe('a sign-up the browser posted itself, as the server answered it (lib/postback.ts)', () => {
  const posted = (postback: Postback) =>
    renderWithProviders(
      <PostbackProvider value={{ current: postback }}>
        <SignupPage />
      </PostbackProvider>,
      { route: '/signup' },
    );

  it('shows the refusal with the names and e-mail kept and the passwords empty', () => {
    posted({
      form: 'signup',
      values: { first_name: 'Nora', last_name: 'Noscript', email: 'nora@example.com' },
      error: 'Passwords do not match.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Passwords do not match.');
    expect(screen.getByLabelText('First Name')).toHaveValue('Nora');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Noscript');
    expect(screen.getByLabelText('Email')).toHaveValue('nora@example.com');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('');
  });

  it('shows the check-your-email notice once signed up', () => {
    posted({ form: 'signup', values: {}, done: 'Registered.' });
    expect(
      screen.getByText(
        'Account created successfully! Please check your email to verify your account before logging in.',
      ),
    ).toBeInTheDocument();
  });
});
