import { expect, test } from '@playwright/test';
import { logIn, useSession } from '../support/accounts';
import { waitForMail } from '../support/inbox';
import { E2E_ADMIN } from '../support/urls';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';

// One journey through the entity lifecycle against the real app: a network registers without an
// account, the admin reviews and approves it (which creates its account and mails a one-time
// password), bans and unbans that account, logs out; the network logs in with the mailed
// password, must choose a new one, and lands on its dashboard. Its public page follows.
test('a network registers, is approved by the admin and logs in with the mailed password', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const problems = collectPageErrors(page);

  const suffix = uniqueSuffix();
  const name = `E2E Network ${suffix}`;
  const email = `network-${suffix}@example.com`;
  const newPassword = `new-password-${suffix}`;

  await test.step('register the entity through the form (no login)', async () => {
    await page.goto('/register-entity');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Register Your Entity' }),
    ).toBeVisible();
    await page.getByRole('radio', { name: /Network/ }).check();
    await page.getByLabel('Your Name').fill(name);
    await page.getByLabel('Primary Email').fill(email);
    await page.getByLabel('Website URL').fill(`https://${suffix}.example.com`);
    await page.getByLabel('Telegram').fill(`@network_${suffix}`);
    await page.getByLabel('Description').fill('A CPA network for finance and gaming offers.');
    await page.getByLabel(/Network Name/).fill(`${name} Ltd`);
    await page.getByLabel(/Supported Models/).fill('CPA, RevShare');
    await page.getByLabel(/Verticals/).fill('Finance, Gaming');
    await page.getByLabel(/Minimum Payout/).fill('50');
    await page.getByLabel(/Referral Commission/).fill('0.1');
    await page.getByRole('button', { name: 'Submit Registration' }).click();
    await expect(
      page.getByText(
        'Entity registration submitted successfully! We will reach out to you shortly.',
      ),
    ).toBeVisible();
    // A confirmation says what happened (docs/decisions/027); from it the form starts over as advertiser.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Registration received' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Register another company' }).click();
    await expect(page.getByRole('radio', { name: /Advertiser/ })).toBeChecked();
    await expect(page.getByLabel('Your Name')).toHaveValue('');
  });

  const admin = await logIn(request, E2E_ADMIN.email, E2E_ADMIN.password);
  await useSession(page, admin);

  await test.step('the admin finds it under Pending Review, views and approves it', async () => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
    await page.getByLabel('Filter by status').selectOption({ label: 'Pending Review' });
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByText('Pending')).toBeVisible();

    await row.getByRole('button', { name: 'View' }).click();
    const details = page.getByRole('dialog', { name: name });
    await expect(details.getByText('Network Details')).toBeVisible();
    await expect(details.getByText('CPA, RevShare')).toBeVisible();
    await expect(details.getByText('10%')).toBeVisible();
    await details.getByRole('button', { name: 'Close Details' }).click();
    await expect(details).toBeHidden();

    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Entity approved successfully!')).toBeVisible();
    // Approved no longer matches the Pending Review filter: the row leaves the view.
    await expect(row).toHaveCount(0);

    await page.getByLabel('Filter by status').selectOption({ label: 'Approved' });
    const approved = page.getByRole('row').filter({ hasText: name });
    await expect(approved.getByText('Approved')).toBeVisible();
    await expect(approved.getByRole('button')).toHaveText(['View', 'Reject']);
    await approved.getByRole('button', { name: 'View' }).click();
    const approvedDetails = page.getByRole('dialog', { name: name });
    await expect(approvedDetails.getByText(`Login email sent to ${email}`)).toBeVisible();
    await approvedDetails.getByRole('button', { name: 'Close Details' }).click();
  });

  const [, temporaryPassword] = await waitForMail(email, /Temporary password: (\S+)/);

  await test.step('the admin bans and unbans the new account in User Management', async () => {
    await page.getByRole('tab', { name: 'User Management' }).click();
    await page.getByLabel('Search users').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Network', { exact: true })).toBeVisible();
    await expect(row.getByText('active', { exact: true })).toBeVisible();

    // Each asks for confirmation and a reason (docs/decisions/032).
    await row.getByRole('button', { name: /Ban User/ }).click();
    const ban = page.getByRole('alertdialog', { name: /^Ban / });
    await ban.getByLabel(/Reason/).fill('Registered to test the ban');
    await ban.getByRole('button', { name: 'Ban User' }).click();
    await expect(page.getByText('User banned successfully.').first()).toBeVisible();
    await expect(row.getByText('banned', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: /Unban User/ }).click();
    const unban = page.getByRole('alertdialog', { name: /^Unban / });
    await unban.getByLabel(/Reason/).fill('The test of the ban is over');
    await unban.getByRole('button', { name: 'Unban User' }).click();
    await expect(page.getByText('User unbanned successfully.').first()).toBeVisible();
    await expect(row.getByText('active', { exact: true })).toBeVisible();

    // The admin's own row cannot be banned.
    await page.getByLabel('Search users').fill(E2E_ADMIN.email);
    const own = page.getByRole('row').filter({ hasText: E2E_ADMIN.email });
    await expect(own.getByRole('button', { name: /Ban User/ })).toBeDisabled();
  });

  await test.step('the admin logs out: home, signed out (every Logout, lib/sign-out.ts)', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.getByRole('link', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  await test.step('the network logs in with the mailed password and must choose a new one', async () => {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(temporaryPassword!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/network-dashboard$/);
  });

  await test.step('its public page is readable without login', async () => {
    const entityId = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('currentUser') ?? '{}') as { entity_id?: string })
          .entity_id,
    );
    expect(entityId).toBeTruthy();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/entity/${entityId}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true }).first()).toBeVisible();
    await waitForApp(page);
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await expect(page.getByText('No reviews yet. Be the first to review!')).toBeVisible();
  });

  expect(problems).toEqual([]);
});
