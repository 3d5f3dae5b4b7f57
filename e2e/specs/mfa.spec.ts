import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createVerifiedAccount, logIn } from '../support/accounts';
import { waitForMail } from '../support/inbox';
import { waitForApp } from '../support/journey';
import { E2E_ADMIN } from '../support/urls';

// docs/decisions/033: the authenticator app, set up from the profile and used to sign in.

/** The code an authenticator app shows for `secret`, `steps` 30 s steps from now. */
function codeFor(secret: string, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + steps * 30_000,
  });
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await waitForApp(page);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * On the profile's two-factor card: start, read the secret, confirm with a code; returns the
 * secret. A session that may only set up a factor first proves the mailbox: the code mailed to
 * `mailbox` is read from the SMTP sink.
 */
async function setUpAuthenticator(page: Page, mailbox?: string): Promise<string> {
  const card = page.getByTestId('two-factor-card');
  if (mailbox) {
    await card.getByRole('button', { name: 'Email me a code' }).click();
    const [, emailCode] = await waitForMail(mailbox, /confirm that it is you:\s+(\d{6})\s/);
    await card.getByLabel('Code from the email').fill(emailCode!);
  }
  await card.getByRole('button', { name: 'Set up authenticator app' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await card.getByTestId('totp-secret').textContent())!.trim();
  await card.getByLabel('Code from the app').fill(codeFor(secret, -1));
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText(/^On: your sign-ins ask for a code/)).toBeVisible();
  return secret;
}

test('set up an authenticator app from the profile, then sign in with its code', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request);
  await signInWithPassword(page, account.email, account.password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await page.goto('/profile');
  await waitForApp(page);
  const secret = await setUpAuthenticator(page);

  await page.evaluate(() => localStorage.clear());
  await signInWithPassword(page, account.email, account.password);
  const main = page.locator('main');
  await expect(main.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  // The account has no passkey: none is offered.
  await expect(main.getByRole('button', { name: 'Use a passkey instead' })).toHaveCount(0);
  await main.getByLabel('Authentication code').fill(codeFor(secret));
  await main.getByRole('button', { name: 'Verify' }).click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('authToken'))).not.toBeNull();
});

test('an account an admin asks for two-factor is sent to set it up at sign-in, then free', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request);
  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  const required = await request.put(`/api/admin/users/${account.user.user_id}/mfa-required`, {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { required: true },
  });
  expect(required.ok()).toBe(true);

  await signInWithPassword(page, account.email, account.password);
  await page.waitForURL((url) => url.pathname === '/profile');
  // The forced set-up says why and what to do, and shows only what can do it: no load errors.
  const intro = page.getByTestId('enrolment-required');
  await expect(intro.getByText('Set up two-factor authentication to continue')).toBeVisible();
  await expect(intro.getByText(/^Your role requires two-factor authentication/)).toBeVisible();
  const card = page.getByTestId('two-factor-card');
  await expect(
    card.getByText(
      'Your account needs two-factor authentication. Set up an authenticator app or add a passkey to continue.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('sessions')).toHaveCount(0);
  await expect(page.getByText(/could not be loaded/i)).toHaveCount(0);
  // Anything else is refused until then.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const blocked = await request.get('/api/notifications', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(blocked.status()).toBe(403);

  await setUpAuthenticator(page, account.email);
  // Set up: the profile opens fully and says so.
  await expect(
    page.getByText('Two-factor authentication is on. You can now use all of TrustLinks.'),
  ).toBeVisible();
  await expect(page.getByTestId('sessions')).toBeVisible();
  await expect(intro).toHaveCount(0);
  const free = await request.get('/api/notifications', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(free.status()).toBe(200);
});
