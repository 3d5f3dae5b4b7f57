import { expect, test, type Page } from '@playwright/test';
import { createVerifiedAccount } from '../support/accounts';
import { bearer } from '../support/entities';
import { collectPageErrors, uniqueSuffix } from '../support/journey';
import { offerWithApplicant } from '../support/offers';

// Decision 024: signing out and in as someone else on the same tab shows none of the first account's
// data. Notifications are read under one query key for whoever is signed in, and the bell keeps a
// read for 30 seconds: before the fix the next account saw the last one's bell and list.
// Every step stays in the app (no reload), as a person clicking through would: a reload would
// start with an empty cache and hide the bug.
async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/login/);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await main.getByLabel('Password').fill(account.password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

test('a network signs out, a user signs in on the same tab: none of the network’s data shows', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const title = `E2E Session Offer ${uniqueSuffix()}`;

  const { owner: network, affiliate } = await offerWithApplicant(request, 'network', {
    title,
    category: 'Finance',
    description: 'An offer whose application only its network may see.',
    target_geo: ['US'],
    payout_type: 'CPL',
    payout_value: 9,
    landing_page_url: 'https://landing.example.com/session-switch',
  });
  const person = await createVerifiedAccount(request, { firstName: 'Sam', lastName: 'Next' });
  const personNotifications = (await (
    await request.get('/api/notifications', { headers: bearer(person) })
  ).json()) as { unread_count: number };
  expect(personNotifications.unread_count).toBe(0);

  await test.step('the network signs in and sees its notifications and applications', async () => {
    await page.goto('/');
    await signIn(page, network);
    await expect(page).toHaveURL(/\/network-dashboard/);
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(
      page.getByRole('menuitem', { name: new RegExp(`New application to "${title}"`) }),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: /^Applications/ }).click();
    const card = page.getByRole('listitem').filter({ hasText: affiliate.entityName });
    await expect(card.getByText(title)).toBeVisible();
  });

  await test.step('the network signs out from the header', async () => {
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  await test.step('a user signs in on the same tab and sees only their own data', async () => {
    await signIn(page, person);
    await expect(page).toHaveURL(/\/user-dashboard$/);
    await expect(page.getByRole('button', { name: `Account menu for Sam Next` })).toBeVisible();
    // Their own bell (nothing unread), at once: not the network's count from the cache.
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({
      timeout: 5_000,
    });
    await expect(page.getByRole('button', { name: /unread/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Notifications', exact: true }).click();
    await expect(page.getByRole('menuitem', { name: /New application to/ })).toHaveCount(0);
    await expect(page.getByText(title)).toHaveCount(0);
    await expect(page.getByText(affiliate.entityName)).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  expect(problems).toEqual([]);
});
