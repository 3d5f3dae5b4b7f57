import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { json, withContractCheck } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { VerifyEmailPage } from './verify-email-page';

function LoginProbe() {
  const location = useLocation();
  return <h1>Login at {location.pathname + location.search}</h1>;
}

function renderVerify(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/login" element={<LoginProbe />} />
    </Routes>,
    { route },
  );
}

describe('VerifyEmailPage', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    // As in main.tsx. A StrictMode nested below the root does not double-run effects (React 19),
    // so let Testing Library put it at the root.
    configure({ reactStrictMode: true });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withContractCheck(fetchMock));
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    configure({ reactStrictMode: false });
    vi.useRealTimers();
  });

  it('without a token says so, offers the resend form and a link to /signup', () => {
    renderVerify('/verify-email');
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    expect(
      screen.getByText(
        'No verification token provided. Enter your email below to resend verification.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('verifies once (even under StrictMode), then redirects to /login?verified=true after 3 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderVerify('/verify-email?token=abc_123-XYZ');

    expect(screen.getByRole('heading', { name: 'Verifying your email...' })).toBeVisible();
    await act(async () =>
      answer(json(200, { message: 'Email verified successfully! You can now log in.' })),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/verify-email/abc_123-XYZ');
    expect(screen.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute(
      'href',
      '/login?verified=true',
    );

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2999);
    });
    expect(screen.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('heading', { name: 'Login at /login?verified=true' })).toBeVisible();
  });

  it('shows the server message on failure, and the resend form works', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: 'This verification link is invalid or has expired.' }),
    );
    const user = userEvent.setup();
    renderVerify('/verify-email?token=used');
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This verification link is invalid or has expired.',
    );

    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(screen.getByText('Please enter your email address')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    await act(async () => answer(json(200, { message: 'If an account exists…' })));
    expect(
      await screen.findByText('Verification email sent successfully! Please check your inbox.'),
    ).toBeVisible();
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/users/resend-verification');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 503 }));
    await user.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    expect(await screen.findByText('Failed to send verification email')).toBeVisible();
  });

  it("falls back to 'Email verification failed' without a server message", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    renderVerify('/verify-email?token=t');
    expect(await screen.findByText('Email verification failed')).toBeVisible();
  });
});
