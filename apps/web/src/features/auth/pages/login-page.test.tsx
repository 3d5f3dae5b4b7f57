import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { LoginResponse } from '@trustlinks/contract/users';
import { getSession, saveSession } from '../../../lib/session';
import { PostbackProvider } from '../../../lib/postback';
import type { Postback } from '../../../lib/postback';
import { buildUser } from '../../../test/factories';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './login-page';
import { MFA_LOGIN_TEXT } from '../auth-texts';
import { json, withContractCheck } from '../../../test/fetch';

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

function stubFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init),
  );
  vi.stubGlobal('fetch', withContractCheck(fn));
  return fn;
}

const callsTo = (fn: ReturnType<typeof stubFetch>, path: string) =>
  fn.mock.calls.filter(([url]) => String(url) === `/api${path}`);

function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    token: 'tok-1',
    user: buildUser(),
    password_reset_required: false,
    mfa_enrolment_required: false,
    ...overrides,
  };
}

function renderLogin(route = '/login') {
  return renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/user-dashboard" element={<h1>User dashboard page</h1>} />
      <Route path="/advertiser-dashboard" element={<h1>Advertiser dashboard page</h1>} />
    </Routes>,
    { route },
  );
}

/** Types into the form without user-event, which stalls under fake timers. */
function fillLogin(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password'), { target: { value: password } });
}

/** Moves the fake clock on by `ms`, letting what falls due (and React's updates) run. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Renders the page and signs in by typing, as a person does; the user-event session goes on. */
async function typeAndSignIn(email: string, password: string) {
  const user = userEvent.setup();
  renderLogin();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

/** Lets pending promises (fetch answers, React updates) settle under fake timers. */
async function flush() {
  await advance(0);
}

describe('LoginPage', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the form with the spec texts, and a notice after verification', () => {
    renderLogin('/login?verified=true');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up for free' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('status')).toHaveTextContent(/email address is verified/i);
  });

  it('ignores a second submit within 1 s, accepts one after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubFetch(() => json(401, { error: 'Invalid email or password.' }));
    renderLogin();
    fillLogin('ada@example.com', 'wrong-password');
    const signIn = screen.getByRole('button', { name: 'Sign In' });

    fireEvent.click(signIn);
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(callsTo(fetchMock, '/users/login')).toHaveLength(1);

    // The first answer is back (nothing in flight), but less than 1 s has passed.
    await advance(500);
    fireEvent.click(signIn);
    await flush();
    expect(callsTo(fetchMock, '/users/login')).toHaveLength(1);

    await advance(499);
    fireEvent.click(signIn);
    await flush();
    expect(callsTo(fetchMock, '/users/login')).toHaveLength(1);

    await advance(1);
    fireEvent.click(signIn);
    await flush();
    expect(callsTo(fetchMock, '/users/login')).toHaveLength(2);
  });

  it('ignores a submit while a login is in flight, even after 1 s, and shows Signing in...', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    fillLogin('ada@example.com', 'secret-1');
    const form = screen.getByRole('button', { name: 'Sign In' }).closest('form')!;

    fireEvent.submit(form);
    await flush();
    expect(screen.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    // A slow server: the guard window has passed, the first login is still in flight.
    await advance(1500);
    fireEvent.submit(form);
    await flush();
    expect(callsTo(fetchMock, '/users/login')).toHaveLength(1);

    await act(async () => answer(json(500, {})));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Login failed. Please check your credentials.',
    );
  });

  it('asks for the email and password before calling the server', async () => {
    const fetchMock = stubFetch(() => json(200, loginResponse()));
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the Email Verification Required box for an unverified address and resends', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/users/login'
        ? json(403, { error: 'Please verify your email address before logging in.' })
        : json(200, { message: 'If an account exists…' }),
    );
    const user = await typeAndSignIn('new@example.com', 'secret-1');

    const box = await screen.findByRole('region', { name: 'Email Verification Required' });
    expect(
      await screen.findByText('Please verify your email address before logging in.'),
    ).toBeInTheDocument();
    // The box replaces the generic failure message.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Resend Verification Email' }));
    expect(
      await screen.findByText('Verification email sent! Please check your inbox.'),
    ).toBeInTheDocument();
    const resend = callsTo(fetchMock, '/users/resend-verification');
    expect(resend).toHaveLength(1);
    expect(JSON.parse(String(resend[0]?.[1]?.body))).toEqual({ email: 'new@example.com' });
  });

  it('resend in the box needs the email field filled', async () => {
    stubFetch(() => json(403, { error: 'Please verify your email address before logging in.' }));
    const user = await typeAndSignIn('new@example.com', 'secret-1');
    const box = await screen.findByRole('region', { name: 'Email Verification Required' });
    await user.clear(screen.getByLabelText('Email'));
    await user.click(within(box).getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Please enter your email address first')).toBeInTheDocument();
  });

  it('shows the forced Reset Password screen when the flag is set, then redirects', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/users/login'
        ? json(200, loginResponse({ password_reset_required: true }))
        : json(200, {
            message: 'Password reset successful! You can now log in with your new password.',
            user: buildUser({ first_name: 'Ada' }),
          }),
    );
    const user = await typeAndSignIn('ada@example.com', 'temporary');

    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeInTheDocument();
    expect(getSession()?.passwordResetRequired).toBe(true);

    await user.type(screen.getByLabelText('New Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('New password must be at least 6 characters long')).toBeVisible();

    await user.type(screen.getByLabelText('New Password'), '6');
    await user.type(screen.getByLabelText('Confirm New Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText('New passwords do not match')).toBeVisible();
    expect(callsTo(fetchMock, '/users/reset-password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { name: 'User dashboard page' })).toBeVisible();
    const reset = callsTo(fetchMock, '/users/reset-password');
    expect(JSON.parse(String(reset[0]?.[1]?.body))).toEqual({ new_password: '123456' });
    expect(getSession()).toMatchObject({ token: 'tok-1', passwordResetRequired: false });
  });

  it('shows the reset failure message from the server', async () => {
    saveSession({ token: 't', user: buildUser(), password_reset_required: true });
    stubFetch(() =>
      json(400, { error: 'Please choose a password different from your current one.' }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('New Password'), 'same-as-before');
    await user.type(screen.getByLabelText('Confirm New Password'), 'same-as-before');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a password different from your current one.',
    );
    expect(getSession()?.passwordResetRequired).toBe(true);
  });

  it('stores the session, shows the redirect screen and goes to the role dashboard after 100 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const advertiser = buildUser({ role: 'advertiser', entity_id: 'e-1' });
    stubFetch(() => json(200, loginResponse({ user: advertiser })));
    renderLogin();
    fillLogin('ada@example.com', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await flush();

    expect(getSession()).toEqual({
      token: 'tok-1',
      user: advertiser,
      passwordResetRequired: false,
    });
    expect(screen.getByRole('heading', { name: 'Redirecting to dashboard...' })).toBeVisible();
    const dashboards = screen.getByRole('navigation', { name: 'Dashboards' });
    expect(
      within(dashboards)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual([
      '/advertiser-dashboard',
      '/affiliate-dashboard',
      '/network-dashboard',
      '/user-dashboard',
    ]);
    expect(screen.getByRole('button', { name: 'Stay on Login Page' })).toBeVisible();

    await advance(99);
    expect(screen.queryByRole('heading', { name: 'Advertiser dashboard page' })).toBeNull();
    await advance(1);
    expect(screen.getByRole('heading', { name: 'Advertiser dashboard page' })).toBeVisible();
  });

  it("'Stay on Login Page' cancels the redirect", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    stubFetch(() => json(200, loginResponse()));
    renderLogin();
    fillLogin('ada@example.com', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Stay on Login Page' }));
    await advance(5000);
    expect(screen.queryByRole('heading', { name: 'User dashboard page' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/user-dashboard',
    );
  });

  it('clears the redirect screen after 3 s if the redirect did not happen', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    // A navigation that leads nowhere new keeps this page mounted (no /user-dashboard route).
    stubFetch(() => json(200, loginResponse()));
    renderWithProviders(
      <Routes>
        <Route path="*" element={<LoginPage />} />
      </Routes>,
      { route: '/login' },
    );
    fillLogin('ada@example.com', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Redirecting to dashboard...' })).toBeVisible();
    await advance(2999);
    expect(screen.getByRole('heading', { name: 'Redirecting to dashboard...' })).toBeVisible();
    await advance(1);
    expect(screen.queryByRole('heading', { name: 'Redirecting to dashboard...' })).toBeNull();
  });

  it('offers a logged-in user their dashboard instead of the form', () => {
    saveSession({ token: 't', user: buildUser({ role: 'network' }) });
    renderLogin();
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/network-dashboard',
    );
  });

  it("'Forgot password?' opens the reset-link request with the typed email, and back", async () => {
    const user = userEvent.setup();
    const answer =
      'If an account exists for that email, we have sent a link to reset your password. It works once, within one hour.';
    const fetchMock = stubFetch(() => json(200, { message: answer }));
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(answer)).toBeVisible();
    const calls = callsTo(fetchMock, '/users/forgot-password');
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0]![1]!.body))).toEqual({ email: 'ada@example.com' });
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  it('?forgot=true opens the request form directly and checks the email first', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json(200, { message: 'sent' }));
    renderLogin('/login?forgot=true');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter your email address')).toBeVisible();
    expect(callsTo(fetchMock, '/users/forgot-password')).toHaveLength(0);
  });
});

describe('a sign-in the browser posted itself, as the server answered it (lib/postback.ts)', () => {
  function renderPosted(postback: Postback) {
    return renderWithProviders(
      <PostbackProvider value={{ current: postback }}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/user-dashboard" element={<h1>User dashboard page</h1>} />
        </Routes>
      </PostbackProvider>,
      { route: '/login' },
    );
  }

  it('shows the refusal in the form with the e-mail kept and the password empty', () => {
    stubFetch(() => json(200, {}));
    renderPosted({
      form: 'login',
      values: { email: 'nora@example.com' },
      error: 'Invalid email or password.',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.getByLabelText('Email')).toHaveValue('nora@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('stores the session it carries, as after a login, and goes to the dashboard', async () => {
    stubFetch(() => json(200, {}));
    const response = loginResponse({ token: 'tok-posted' });
    renderPosted({ form: 'login', values: { email: response.user.email }, signedIn: response });
    expect(getSession()?.token).toBe('tok-posted');
    expect(
      await screen.findByRole('heading', { name: 'User dashboard page' }, { timeout: 3000 }),
    ).toBeInTheDocument();
  });
});

describe('LoginPage: the second step offers the factors the account has (docs/decisions/033)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  const challenge = (factors: { totp: boolean; passkey: boolean }) =>
    stubFetch(() => json(200, { mfa_required: true, mfa_token: 'mfa-1', factors }));

  it('a passkey alone: the passkey first, no code field to fill', async () => {
    challenge({ totp: false, passkey: true });
    await typeAndSignIn('ada@example.com', 'secret-1');
    expect(await screen.findByText(MFA_LOGIN_TEXT.passkeyIntro)).toBeVisible();
    expect(screen.getByRole('button', { name: MFA_LOGIN_TEXT.passkeyOnly })).toBeEnabled();
    expect(screen.queryByLabelText(MFA_LOGIN_TEXT.code)).toBeNull();
    expect(screen.queryByText(MFA_LOGIN_TEXT.intro)).toBeNull();
    expect(screen.queryByRole('button', { name: MFA_LOGIN_TEXT.useRecovery })).toBeNull();
    expect(screen.getByRole('button', { name: MFA_LOGIN_TEXT.startOver })).toBeVisible();
  });

  it('an authenticator app alone: its code (or a recovery code), no passkey offered', async () => {
    challenge({ totp: true, passkey: false });
    await typeAndSignIn('ada@example.com', 'secret-1');
    expect(await screen.findByLabelText(MFA_LOGIN_TEXT.code)).toBeVisible();
    expect(screen.getByRole('button', { name: MFA_LOGIN_TEXT.useRecovery })).toBeVisible();
    expect(screen.queryByRole('button', { name: MFA_LOGIN_TEXT.passkey })).toBeNull();
  });

  it('both: the code, with the passkey as the other way', async () => {
    challenge({ totp: true, passkey: true });
    await typeAndSignIn('ada@example.com', 'secret-1');
    expect(await screen.findByLabelText(MFA_LOGIN_TEXT.code)).toBeVisible();
    expect(screen.getByRole('button', { name: MFA_LOGIN_TEXT.passkey })).toBeVisible();
  });
});
