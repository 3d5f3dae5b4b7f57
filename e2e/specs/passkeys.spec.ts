import { expect, test } from '@playwright/test';
import { createVerifiedAccount, logIn, useSession } from '../support/accounts';
import { collectPageErrors, waitForApp } from '../support/journey';
import { E2E_PORT } from '../support/urls';

// docs/decisions/034: passkeys and the sessions people can see. A browser refuses an
// IP address as WebAuthn RP ID, so these journeys open the app at localhost (the e2e server's
// PASSKEY_RP_ID and PASSKEY_ORIGIN say so; playwright.config.ts).
test.use({ baseURL: `http://localhost:${E2E_PORT}` });

test('register a passkey on the profile, sign in with it and no password, or as the second factor', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const problems = collectPageErrors(page);
  const account = await createVerifiedAccount(request);

  // Chromium's virtual authenticator: a platform authenticator with resident keys and user
  // verification that says yes by itself.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await test.step('add a passkey from the profile, after the current password', async () => {
    await useSession(page, account);
    await page.goto('/profile');
    await waitForApp(page);
    const card = page.getByTestId('passkeys');
    // The profile's code loads on demand: give a busy machine time for it.
    await expect(card.getByText('You have no passkeys yet.')).toBeVisible({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Add a passkey' }).click();
    await card.getByLabel('Passkey name').fill('E2E laptop');
    await card.getByLabel('Current Password').fill(account.password);
    await card.getByRole('button', { name: 'Create passkey' }).click();
    // A password check (argon2) and the authenticator: slow on a busy machine.
    await expect(card.getByTestId('passkey').filter({ hasText: 'E2E laptop' })).toBeVisible({
      timeout: 60_000,
    });
    // The passkey is a second factor, and the two-factor card says so (docs/decisions/033).
    await expect(
      page.getByTestId('two-factor-card').getByText('On: your sign-ins ask for your passkey.', {
        exact: false,
      }),
    ).toBeVisible();
  });

  await test.step('signed out, sign in with the passkey alone', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(page).toHaveURL(/\/user-dashboard/, { timeout: 60_000 });
    const stored = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(stored).toBeTruthy();
    expect(stored).not.toBe(account.token);
    const profile = await request.get('/api/users/profile', {
      headers: { authorization: `Bearer ${stored}` },
    });
    expect(profile.status()).toBe(200);
    expect(((await profile.json()) as { user: { email: string } }).user.email).toBe(
      account.email.toLowerCase(),
    );
  });

  await test.step('with the password, the passkey is asked for as the second factor', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await waitForApp(page);
    const main = page.locator('main');
    await main.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await main.getByLabel('Password').fill(account.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await expect(main.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible({
      timeout: 60_000,
    });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    // A passkey is all this account has: no authenticator code is asked for.
    await expect(main.getByLabel('Authentication code')).toHaveCount(0);
    await main.getByRole('button', { name: 'Use your passkey' }).click();
    await expect(page).toHaveURL(/\/user-dashboard/, { timeout: 60_000 });
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
  });

  await test.step('the passkey shows as used; removed, it no longer signs in', async () => {
    await page.goto('/profile');
    await waitForApp(page);
    const card = page.getByTestId('passkeys');
    const row = card.getByTestId('passkey').filter({ hasText: 'E2E laptop' });
    await expect(row).not.toContainText('Last used never');
    await row.getByRole('button', { name: 'Remove E2E laptop' }).click();
    // Removing a factor asks for the current password again (docs/decisions/033).
    await row.getByLabel('Current Password').fill(account.password);
    await row.getByRole('button', { name: 'Remove passkey' }).click();
    // The profile's code loads on demand: give a busy machine time for it.
    await expect(card.getByText('You have no passkeys yet.')).toBeVisible({ timeout: 30_000 });
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Use a passkey' }).click();
    await expect(
      page.getByText('This passkey is not registered with TrustLinks. Sign in with your password.'),
    ).toBeVisible();
  });

  expect(problems).toEqual([]);
});

test('the profile lists where the account is signed in and signs another session out', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const account = await createVerifiedAccount(request);
  // A second sign-in, as from another device.
  const other = await logIn(request, account.email, account.password);
  expect((await request.get('/api/users/profile', { headers: bearer(other.token) })).status()).toBe(
    200,
  );

  await useSession(page, account);
  await page.goto('/profile');
  await waitForApp(page);
  const card = page.getByTestId('sessions');
  await expect(card.getByRole('heading', { name: 'Where you’re signed in' })).toBeVisible({
    timeout: 30_000,
  });
  const rows = card.getByTestId('session');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await rows
    .filter({ hasNotText: 'This device' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('This device');
  expect((await request.get('/api/users/profile', { headers: bearer(other.token) })).status()).toBe(
    401,
  );
  // Signing all the others out asks first (a third sign-in to sign out).
  const third = await logIn(request, account.email, account.password);
  await page.reload();
  await waitForApp(page);
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await card.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out your other session?' });
  await confirm.getByRole('button', { name: 'Sign them out' }).click();
  await expect(rows).toHaveCount(1);
  expect((await request.get('/api/users/profile', { headers: bearer(third.token) })).status()).toBe(
    401,
  );
  expect(
    (await request.get('/api/users/profile', { headers: bearer(account.token) })).status(),
  ).toBe(200);
  expect(problems).toEqual([]);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
