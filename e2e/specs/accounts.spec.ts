import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { createVerifiedAccount, useSession } from '../support/accounts';
import { waitForMail } from '../support/inbox';
import { waitForApp } from '../support/journey';
import { E2E_INBOX_URL } from '../support/urls';

// Accounts journeys (docs/product/accounts.md, docs/product/accounts.md#profile): sign-up with a real verification mail, login,
// profile, logout, and the unverified-login path. Everything runs against the real server.

const VERIFY_LINK = /verify-email\?token=([A-Za-z0-9_-]+)/;
const SIGNUP_SUCCESS =
  'Account created successfully! Please check your email to verify your account before logging in.';

function uniqueEmail(): string {
  return `e2e-${randomBytes(4).toString('hex')}@example.com`;
}

async function mailsTo(email: string): Promise<string[]> {
  const res = await fetch(`${E2E_INBOX_URL}/mails?to=${encodeURIComponent(email)}`);
  return (await res.json()) as string[];
}

async function fillLogin(page: Page, email: string, password: string) {
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(email);
  await main.getByLabel('Password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('authToken'));
}

test('sign up, verify from the mail, log in, edit the profile and log out', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const password = 'journey-pass-1';

  await page.goto('/signup');
  // The server painted the form; typing before hydration would not reach its state.
  await waitForApp(page);
  const main = page.locator('main');
  await main.getByLabel('First Name').fill('Grace');
  await main.getByLabel('Last Name').fill('Hopper');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByLabel('Confirm Password').fill('something-else');
  await main.getByRole('button', { name: 'Create Account' }).click();
  await expect(main.getByText('Passwords do not match.')).toBeVisible();

  await main.getByLabel('Confirm Password').fill(password);
  await main.getByRole('button', { name: 'Create Account' }).click();
  await expect(main.getByText(SIGNUP_SUCCESS)).toBeVisible();

  // The verification mail, as the SMTP sink received it.
  const [, token] = await waitForMail(email, VERIFY_LINK);
  await page.goto(`/verify-email?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to Login' })).toBeVisible();
  // docs/product/accounts.md#email-verification: on to the login page after 3 s by itself.
  await expect(page).toHaveURL(/\/login\?verified=true$/, { timeout: 8_000 });
  await expect(
    main.getByText('Your email address is verified. You can now sign in.'),
  ).toBeVisible();

  // A wrong password first: the server's message, no session.
  await fillLogin(page, email, 'not-the-password');
  await expect(main.getByRole('alert')).toHaveText('Invalid email or password.');
  expect(await storedToken(page)).toBeNull();

  // The double-submit guard ignores a second submit within 1 s: wait it out.
  await page.waitForTimeout(1100);
  await fillLogin(page, email, password);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  expect(await storedToken(page)).toBeTruthy();
  const accountMenu = page.getByRole('button', { name: 'Account menu for Grace Hopper' });
  await expect(accountMenu).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeHidden();

  // Profile: view, edit, save, and see it after a reload.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(main.getByText('GH', { exact: true })).toBeVisible();
  // exact: the notification settings on the page have 'Email me about: …' boxes.
  await expect(main.getByLabel('Email', { exact: true })).toHaveValue(email);
  await expect(main.getByLabel('Phone')).toHaveAttribute('readonly', '');
  await main.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(main.getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await main.getByLabel('Phone').fill('+1 555 010 2030');
  await main.getByLabel('Bio').fill('Runs a small finance affiliate network.');
  await main.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully.')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Edit Profile' })).toBeVisible();

  await page.reload();
  await expect(main.getByLabel('Phone')).toHaveValue('+1 555 010 2030');
  await expect(main.getByLabel('Bio')).toHaveValue('Runs a small finance affiliate network.');
  // Saved on the server, not only in this browser.
  const sessionToken = await storedToken(page);
  const profile = await request.get('/api/users/profile', {
    headers: { Authorization: `Bearer ${sessionToken}` },
  });
  expect(profile.ok()).toBe(true);
  expect((await profile.json()).user).toMatchObject({
    email,
    phone: '+1 555 010 2030',
    bio: 'Runs a small finance affiliate network.',
  });

  // Log out from the header menu: back to /, logged out, and the token no longer works.
  await accountMenu.click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await expect
    .poll(
      async () =>
        (
          await request.get('/api/users/profile', {
            headers: { Authorization: `Bearer ${sessionToken}` },
          })
        ).status(),
      { message: 'the logged-out token is revoked' },
    )
    .toBe(401);

  // The link was single-use.
  await page.goto(`/verify-email?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
});

test('logging in before verifying shows Email Verification Required and resends the mail', async ({
  page,
  request,
}) => {
  const email = uniqueEmail();
  const password = 'unverified-pass-1';
  const reg = await request.post('/api/users/register', {
    data: { first_name: 'Alan', last_name: 'Turing', email, password },
  });
  expect(reg.status()).toBe(201);
  const [, firstToken] = await waitForMail(email, VERIFY_LINK);

  await page.goto('/login');
  await waitForApp(page);
  await fillLogin(page, email, password);
  const box = page.getByRole('region', { name: 'Email Verification Required' });
  await expect(box).toBeVisible();
  await expect(page.getByText('Please verify your email address before logging in.')).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  await box.getByRole('button', { name: 'Resend Verification Email' }).click();
  await expect(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const [, secondToken] = await waitForMail(email, VERIFY_LINK);
  expect(secondToken).not.toBe(firstToken);

  // The new link replaces the old one.
  await page.goto(`/verify-email?token=${firstToken}`);
  await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
  await page.goto(`/verify-email?token=${secondToken}`);
  await expect(page.getByRole('heading', { name: 'Email Verified Successfully!' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to Login' }).click();
  await expect(page).toHaveURL(/\/login\?verified=true$/);

  await fillLogin(page, email, password);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu for Alan Turing' })).toBeVisible();
});

test('a session that ends on the server logs the browser out on its next call', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request);
  await useSession(page, account);
  await expect(
    page.getByRole('button', { name: `Account menu for ${account.firstName} ${account.lastName}` }),
  ).toBeVisible();

  // The session is revoked elsewhere (e.g. logged out on another device).
  const out = await request.post('/api/users/logout', {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(out.ok()).toBe(true);

  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  await expect(page.locator('main').getByRole('button', { name: 'Sign In' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test('forgot password: the mailed link sets a new password, then log in with it', async ({
  page,
  request,
}) => {
  const account = await createVerifiedAccount(request, {
    firstName: 'Katherine',
    lastName: 'Johnson',
  });
  const newPassword = 'recovered-pass-1';

  await page.goto('/login');
  await waitForApp(page);
  const main = page.locator('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await main.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(main.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
  await main.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(main.getByText(/If an account exists for that email/)).toBeVisible();

  // The link, as the SMTP sink received it.
  const [link, token] = await waitForMail(
    account.email,
    /http:\/\/[^\s"]+\/reset-password\?token=([A-Za-z0-9_-]+)/,
  );
  expect(token!.length).toBeGreaterThanOrEqual(43);
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(main.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await main.getByLabel('New Password', { exact: true }).fill(newPassword);
  await main.getByLabel('Confirm New Password').fill(newPassword);
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(
    page.getByText('Password reset successful! You can now log in with your new password.'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The session the account had before is over; the old password no longer works.
  const before = await request.get('/api/users/profile', {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(before.status()).toBe(401);
  await fillLogin(page, account.email, account.password);
  await expect(main.getByRole('alert')).toHaveText('Invalid email or password.');
  await page.waitForTimeout(1100);
  await fillLogin(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(
    page.getByRole('button', { name: 'Account menu for Katherine Johnson' }),
  ).toBeVisible();

  // The link worked once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/reset-password?token=${token}`);
  await main.getByLabel('New Password', { exact: true }).fill('another-pass-1');
  await main.getByLabel('Confirm New Password').fill('another-pass-1');
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByRole('alert')).toContainText('invalid, expired or already used');
});

test('changing the password on the profile needs the current one', async ({ page, request }) => {
  const account = await createVerifiedAccount(request, { firstName: 'Mary', lastName: 'Jackson' });
  await useSession(page, account);
  await page.goto('/profile');
  const main = page.locator('main');
  await main.getByLabel('Current Password').fill('not-my-password');
  await main.getByLabel('New Password', { exact: true }).fill('changed-pass-1');
  await main.getByLabel('Confirm New Password').fill('changed-pass-1');
  await main.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your current password is incorrect.')).toBeVisible();

  await main.getByLabel('Current Password').fill(account.password);
  await main.getByRole('button', { name: 'Change Password' }).click();
  await expect(
    page.getByText('Your password has been changed. Your other sessions have been logged out.'),
  ).toBeVisible();
  const login = await request.post('/api/users/login', {
    data: { email: account.email, password: 'changed-pass-1' },
  });
  expect(login.status()).toBe(200);
});
