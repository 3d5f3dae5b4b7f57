import { expect, test } from '@playwright/test';
import { useSession } from '../support/accounts';
import { bearer, createApprovedEntityAccount, ketoOfferBody } from '../support/entities';
import { waitForMail } from '../support/inbox';
import { collectPageErrors, uniqueSuffix, waitForApp } from '../support/journey';
import { createOffer } from '../support/offers';

// Decision 028 against the real app: an affiliate types a misspelled search in the explorer, picks
// the suggested spelling, saves the search; a matching offer is published; the alert worker
// (every second here, SAVED_SEARCH_ALERT_PERIOD_MS = 3 s in playwright.config.ts) puts it behind
// the bell and mails the digest; the dashboard lists the saved search.
test('search, take the suggested spelling, save it and get the alert', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = collectPageErrors(page);
  const suffix = uniqueSuffix();
  // A made-up brand word, unique to this run: the suggestion can only come from these titles.
  const brand = `zanthrix${suffix.replace(/[^a-f]/g, '')}q`;
  const advertiser = await createApprovedEntityAccount(request, 'advertiser');
  const affiliate = await createApprovedEntityAccount(request, 'affiliate');
  const publish = (title: string) =>
    createOffer(request, advertiser, ketoOfferBody(title, uniqueSuffix()));
  await publish(`${brand} Keto Capsules`);

  await test.step('a misspelled search suggests the right word', async () => {
    await useSession(page, affiliate);
    await page.goto('/offers');
    await waitForApp(page);
    await page.getByLabel('Search offers').fill(`${brand.slice(0, -1)}x`);
    await expect(page.getByText('No offers found')).toBeVisible();
    await expect(page.getByText('Did you mean')).toBeVisible();
    await page.getByRole('button', { name: brand }).click();
    await expect(page).toHaveURL(new RegExp(`title=${brand}`));
    await expect(page.getByRole('link', { name: `${brand} Keto Capsules` })).toBeVisible();
  });

  await test.step('the search is saved under a name', async () => {
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByLabel('Name of the search').fill(`Alerts ${suffix}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      page.getByText('Search saved. You will hear about new offers that match it once a day.'),
    ).toBeVisible();
  });

  await test.step('a new matching offer reaches the bell and the digest mail', async () => {
    await publish(`${brand} Night Formula`);
    // The worker's period is 3 s here; the bell reads the new entry on the next page load.
    const alertTitle = `1 new offer for “Alerts ${suffix}”`;
    await expect
      .poll(
        async () => {
          const res = await request.get('/api/notifications', { headers: bearer(affiliate) });
          const body = (await res.json()) as { notifications: { title: string }[] };
          return body.notifications.map((n) => n.title);
        },
        { timeout: 30_000 },
      )
      .toContain(alertTitle);
    await page.goto('/affiliate-dashboard');
    await page.getByRole('button', { name: /Notifications, \d+ unread/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(alertTitle) }).click();
    await expect(page).toHaveURL(new RegExp(`/offers\\?title=${brand}`));
    await expect(page.getByRole('link', { name: `${brand} Night Formula` })).toBeVisible();
    await waitForMail(affiliate.email, new RegExp(`Alerts ${suffix}: 1 new offer`));
  });

  await test.step('the dashboard lists the saved search', async () => {
    await page.goto('/affiliate-dashboard');
    // Its own tab (docs/decisions/053), not a section under every tab.
    await page.getByRole('tab', { name: 'Saved searches' }).click();
    await expect(
      page.getByRole('tabpanel').getByRole('heading', { name: 'Saved searches' }),
    ).toBeAttached();
    await expect(page.getByRole('link', { name: `Alerts ${suffix}` })).toBeVisible();
  });
  expect(problems).toEqual([]);
});
